import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * Issue 36 item 8: the image installs `dependencies` only (`npm ci --omit=dev`,
 * deploy/docker/Dockerfile). Every package the built apps load at run time (the requires of
 * dist/apps/<app>/src/main.js and cli.js, followed through dist, plus the image's scripts) must
 * be one of them; every dependency must be loaded by something the image runs.
 */
const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The scripts the Dockerfile copies next to dist/ (tools/scripts/… and the entrypoint). */
const IMAGE_SCRIPTS = [
  'deploy/docker/entrypoint.cjs',
  'tools/scripts/hc.cjs',
  'tools/scripts/hc-commands.cjs',
  'tools/scripts/build.cjs',
  'tools/scripts/projects.cjs',
];

/**
 * Requires the image never reaches: build.cjs compiles only where sources exist, and the image
 * has none (deploy/test/dockerfile.spec.ts runs the CLI in that layout).
 */
const NOT_IN_IMAGE: Record<string, string[]> = { 'tools/scripts/build.cjs': ['@swc/core'] };

/**
 * Packages loaded by name rather than by require: pino's transport target (libs/http/src/
 * logging.ts, `HC_LOG_FORMAT=pretty`).
 */
const LOADED_BY_NAME = ['pino-pretty'];

/**
 * Declared dependencies that a loaded package requires for us: multer is the product's upload
 * library (its version pinned here), run by @nestjs/platform-express's file interceptor
 * (apps/content-api/src/images/image-file.interceptor.ts).
 */
const LOADED_THROUGH: Record<string, string> = { multer: '@nestjs/platform-express' };

const REQUIRE = /\brequire\((["'])([^"']+)\1\)/g;
const builtins = new Set(builtinModules);

function packageOf(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/')) return null;
  if (spec.startsWith('node:') || builtins.has(spec) || builtins.has(spec.split('/')[0]))
    return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The entrypoint sits at /app/entrypoint.cjs in the image, beside tools/ and dist/. */
const ENTRYPOINT = path.join(ROOT, 'deploy/docker/entrypoint.cjs');

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(from === ENTRYPOINT ? ROOT : path.dirname(from), spec);
  for (const candidate of [base, `${base}.js`, `${base}.cjs`, path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** file → the packages it and everything it requires (relative) load. */
function runtimePackages(entries: string[]): Map<string, Set<string>> {
  const seen = new Set<string>();
  const uses = new Map<string, Set<string>>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const relative = path.relative(ROOT, file);
    const skipped = NOT_IN_IMAGE[relative] ?? [];
    for (const [, , spec] of fs.readFileSync(file, 'utf8').matchAll(REQUIRE)) {
      const name = packageOf(spec);
      if (name === null) {
        if (!spec.startsWith('node:') && !builtins.has(spec)) {
          const local = resolveLocal(file, spec);
          if (!local) throw new Error(`${relative}: cannot resolve require('${spec}')`);
          queue.push(local);
        }
        continue;
      }
      if (skipped.includes(name)) continue;
      uses.set(name, new Set([...(uses.get(name) ?? []), relative]));
    }
  }
  return uses;
}

describe('the image’s runtime dependencies (npm ci --omit=dev)', () => {
  let uses: Map<string, Set<string>>;

  beforeAll(() => {
    // A fresh checkout has no dist/: build when stale (incremental, a child process).
    const build = path.join(ROOT, 'tools/scripts/build.cjs');
    const stale = execFileSync(
      process.execPath,
      ['-p', `require(${JSON.stringify(build)}).isStale()`],
      { encoding: 'utf8' },
    ).trim();
    if (stale === 'true') execFileSync(process.execPath, [build], { stdio: 'ignore' });
    const entries = fs
      .readdirSync(path.join(DIST, 'apps'))
      .flatMap((app) => ['main.js', 'cli.js'].map((f) => path.join(DIST, 'apps', app, 'src', f)))
      .filter((f) => fs.existsSync(f));
    expect(entries.length).toBeGreaterThanOrEqual(8);
    uses = runtimePackages([...entries, ...IMAGE_SCRIPTS.map((f) => path.join(ROOT, f))]);
    for (const name of LOADED_BY_NAME) uses.set(name, new Set(['(by name)']));
    for (const [name, through] of Object.entries(LOADED_THROUGH)) {
      const manifest = path.join(ROOT, 'node_modules', through, 'package.json');
      const deps = JSON.parse(fs.readFileSync(manifest, 'utf8')).dependencies ?? {};
      if (uses.has(through) && name in deps) uses.set(name, new Set([`(through ${through})`]));
    }
    // A peer dependency of a loaded package is loaded by it (rxjs and reflect-metadata by Nest;
    // @nestjs/platform-express by NestFactory, which loads the HTTP adapter by name).
    for (const name of [...uses.keys()]) {
      const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const peers = JSON.parse(fs.readFileSync(manifest, 'utf8')).peerDependencies ?? {};
      for (const peer of Object.keys(peers)) {
        if (!uses.has(peer) && peer in pkg.dependencies)
          uses.set(peer, new Set([`(peer of ${name})`]));
      }
    }
  }, 180_000);

  it('finds every package the apps load among `dependencies`, none only in devDependencies', () => {
    const missing = [...uses]
      .filter(([name]) => !(name in pkg.dependencies))
      .map(([name, files]) => {
        const where = name in pkg.devDependencies ? 'devDependencies only' : 'not declared';
        return `${name} (${where}) ← ${[...files].slice(0, 3).join(', ')}`;
      });
    expect(missing).toEqual([]);
  });

  it('ships no dependency that nothing in the image loads (dev-only ones are devDependencies)', () => {
    const unused = Object.keys(pkg.dependencies).filter((name) => !uses.has(name));
    expect(unused).toEqual([]);
  });

  it('sees a runtime require through the walk (the check can fail)', () => {
    // content-api's entry reaches sharp only through relative requires of dist files.
    expect([...(uses.get('sharp') ?? [])].some((f) => f.startsWith('dist/apps/content-api'))).toBe(
      true,
    );
    expect(uses.has('@swc/core')).toBe(false);
    expect(uses.has('jest')).toBe(false);
  });
});
