import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Issue 36 item 8: the image runs a newer Node LTS than the tests (Node 20, `engines`), so nothing
 * may need an API newer than Node 20. Two guards: the type check only knows Node 20 and ES2023
 * (`@types/node` 20, `lib: ["ES2023"]`), so `npm run typecheck` refuses newer calls in TypeScript;
 * and a scan refuses the well-known newer globals and modules in every file, scripts and config
 * (.cjs/.mjs) included, which the type check does not read.
 */
const ROOT = path.resolve(__dirname, '../..');

/**
 * Newer than Node 20.19 (the `engines` floor): the API and the Node release that brought it.
 * Backported ones are fine (URL.parse and process.getBuiltinModule are in 20.19).
 */
const NEWER_APIS: [RegExp, string][] = [
  [/\bPromise\.withResolvers\b/, 'Promise.withResolvers (Node 22)'],
  [/\bPromise\.try\b/, 'Promise.try (Node 23)'],
  [/\b(Object|Map)\.groupBy\b/, 'Object/Map.groupBy (Node 21)'],
  [/\bArray\.fromAsync\b/, 'Array.fromAsync (Node 22)'],
  [
    /\.(union|intersection|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(new Set\b/,
    'Set methods (Node 22)',
  ],
  [/\.(isSubsetOf|isSupersetOf|isDisjointFrom|symmetricDifference)\(/, 'Set methods (Node 22)'],
  [/\bIterator\.from\b|\bIterator\.prototype\b/, 'iterator helpers (Node 22)'],
  [/\bRegExp\.escape\b/, 'RegExp.escape (Node 24)'],
  [/\bError\.isError\b/, 'Error.isError (Node 24)'],
  [/\bFloat16Array\b/, 'Float16Array (Node 24)'],
  [/\bMath\.sumPrecise\b/, 'Math.sumPrecise (Node 25)'],
  [/\bUint8Array\.from(Base64|Hex)\b|\.to(Base64|Hex)\(\)/, 'Uint8Array base64/hex (Node 25)'],
  [/\bprocess\.execve\b/, 'process.execve (Node 23)'],
  [/\bmodule\.enableCompileCache\b|\benableCompileCache\(/, 'module.enableCompileCache (Node 22)'],
  [/['"](node:)?sqlite['"]/, 'node:sqlite (Node 22)'],
  [
    /\b(fs|fsp|promises)\.glob(Sync)?\(|\bglobSync\(|import \{[^}]*\bglob\b[^}]*\} from 'node:fs/,
    'fs.glob (Node 22)',
  ],
  [/\bpath\.matchesGlob\b|\bmatchesGlob\(/, 'path.matchesGlob (Node 22)'],
  [/\bzlib\.crc32\b/, 'zlib.crc32 (Node 22)'],
  [/\butil\.getCallSites?\b|\bgetCallSites\(/, 'util.getCallSites (Node 22)'],
  [
    /\bassert\.partialDeepStrictEqual\b|\bpartialDeepStrictEqual\(/,
    'assert.partialDeepStrictEqual (Node 23)',
  ],
  [/\bnew WebSocket\(/, 'the WebSocket global (Node 22)'],
];

/** Browser code (the dashboard's web app, bundled by Vite) and this file, which names them. */
const SKIP = [
  path.join('apps', 'dashboard', 'src'),
  path.join('tools', 'scripts', 'node-apis.spec.ts'),
];

function files(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'var', 'coverage'].includes(entry.name)) continue;
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else if (/\.(ts|tsx|cjs|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

/** The newer APIs a text uses, with its line numbers. */
export function newerApis(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [pattern, name] of NEWER_APIS)
      if (pattern.test(line)) found.push(`${i + 1}: ${name}`);
  });
  return found;
}

describe('nothing needs an API newer than Node 20', () => {
  it('type-checks against Node 20 and ES2023 only', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toMatch(/^>=20\./);
    expect(pkg.devDependencies['@types/node']).toMatch(/^\^?20\./);
    const installed = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules/@types/node/package.json'), 'utf8'),
    );
    expect(installed.version).toMatch(/^20\./);
    const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8'));
    expect(base.compilerOptions.lib).toEqual(['ES2023']);
  });

  it('makes the type check refuse a newer API (the guard can fail)', () => {
    const probe = path.join(ROOT, 'tools', 'scripts', '__node20_probe__.ts');
    const source = [
      "import { glob } from 'node:fs';",
      'export const a = Object.groupBy([1], (n) => String(n));',
      'export const b = Promise.withResolvers<void>();',
      'export const c = glob;',
      'export const d = new Set([1]).union(new Set([2]));',
      '',
    ].join('\n');
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
    };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) =>
      path.resolve(name) === probe
        ? ts.createSourceFile(name, source, version)
        : read(name, version, ...rest);
    host.fileExists = (
      (exists) => (name: string) =>
        path.resolve(name) === probe || exists(name)
    )(host.fileExists.bind(host));
    const program = ts.createProgram([probe], options, host);
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && path.resolve(d.file.fileName) === probe)
      .map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1);
    expect([...new Set(errors)].sort()).toEqual([1, 2, 3, 5]);
  }, 60_000);

  it('finds no newer global, method or module in any file Node runs', () => {
    expect(newerApis('const { promise } = Promise.withResolvers();')).toEqual([
      '1: Promise.withResolvers (Node 22)',
    ]);
    const offenders = ['apps', 'libs', 'tools', 'e2e', 'deploy']
      .flatMap((dir) => files(path.join(ROOT, dir)))
      .concat(
        fs
          .readdirSync(ROOT)
          .filter((f) => /\.(c|m)?js$/.test(f))
          .map((f) => path.join(ROOT, f)),
      )
      .filter((file) => !SKIP.some((s) => path.relative(ROOT, file).startsWith(s)))
      .flatMap((file) =>
        newerApis(fs.readFileSync(file, 'utf8')).map(
          (hit) => `${path.relative(ROOT, file)}:${hit}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
