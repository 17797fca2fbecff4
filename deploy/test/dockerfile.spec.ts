// Issue 19, "Checked in CI": the one image's Dockerfile follows its rules (a current Node LTS
// base pinned to a release, production dependencies only, a non-root USER, no secrets or
// development files copied in), and its entrypoint starts an app or the operator CLI.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  copyFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DockerfileParser, From, Instruction } from 'dockerfile-ast';
import { SETTING_DEFINITIONS, type SettingName } from '@hc/contracts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { APPS } = require('../../tools/scripts/projects.cjs') as {
  APPS: { name: string; port: number; portVar: string }[];
};

const ROOT = join(__dirname, '..', '..');
const source = readFileSync(join(ROOT, 'deploy', 'docker', 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(source);
const instructions = dockerfile.getInstructions();
const keyword = (i: Instruction) => i.getKeyword().toUpperCase();
const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
/** Everything after the keyword, flags (`--from=…`) included. */
const lines = source.split('\n');
const words = (i: Instruction) => {
  const { start, end } = i.getRange();
  return lines
    .slice(start.line, end.line + 1)
    .join(' ')
    .replace(/\\\s/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(1);
};

/** The build arguments declared before the first FROM, with their defaults. */
const globalArgs = new Map(
  instructions
    .slice(
      0,
      instructions.findIndex((i) => keyword(i) === 'FROM'),
    )
    .filter((i) => keyword(i) === 'ARG')
    .map((i) => args(i)[0].split('=') as [string, string]),
);
const resolve = (text: string) =>
  text.replace(/\$\{?(\w+)\}?/g, (_, name: string) => globalArgs.get(name) ?? `$${name}`);

/** Instructions per stage, FROM first. */
function stages(): Instruction[][] {
  const out: Instruction[][] = [];
  for (const instruction of instructions) {
    if (keyword(instruction) === 'FROM') out.push([]);
    out.at(-1)?.push(instruction);
  }
  return out;
}

describe('deploy/docker/Dockerfile', () => {
  const froms = dockerfile.getFROMs();
  const runtime = stages().at(-1)!;

  it('builds every stage on the current Node LTS line, pinned to an exact release tag', () => {
    // Issue 36 item 8: Node 26 is the Active LTS line since October 2026 (even majors enter LTS
    // in their October); bump the line here when the next one does.
    const stageNames = froms.map((f: From) => f.getBuildStage());
    const bases = froms.map((f) => resolve(args(f)[0])).filter((i) => !stageNames.includes(i));
    expect(bases.length).toBe(froms.length);
    for (const image of bases) {
      expect(image).toMatch(/^node:26\.\d+\.\d+-(bookworm|trixie)-slim(@sha256:[0-9a-f]{64})?$/);
    }
    // One base for every stage, overridable by the documented build argument.
    expect(new Set(froms.map((f) => args(f)[0]))).toEqual(new Set(['${NODE_IMAGE}']));
    expect(source).toMatch(/--build-arg NODE_IMAGE=\S+@sha256:<digest>/);
  });

  it('exposes exactly every app’s port, as the settings define them', () => {
    const exposed = instructions
      .filter((i) => keyword(i) === 'EXPOSE')
      .flatMap(args)
      .map(Number)
      .sort((a, b) => a - b);
    const ports = APPS.map((app) => {
      const fallback = SETTING_DEFINITIONS[app.portVar as SettingName].parse(
        undefined,
        app.portVar,
      );
      expect(fallback).toBe(app.port);
      return app.port;
    }).sort((a, b) => a - b);
    expect(APPS.map((a) => a.name)).toContain('dashboard');
    expect(exposed).toEqual(ports);
  });

  it('builds the workspace once and ships production dependencies only', () => {
    const runs = instructions.filter((i) => keyword(i) === 'RUN').map((i) => args(i).join(' '));
    expect(runs.filter((r) => r.includes('build.cjs'))).toHaveLength(1);
    const copiedModules = runtime.filter(
      (i) => keyword(i) === 'COPY' && words(i).some((a) => a.includes('node_modules')),
    );
    expect(copiedModules).toHaveLength(1);
    const from = words(copiedModules[0])
      .find((a) => a.startsWith('--from='))!
      .slice('--from='.length);
    const depsStage = stages().find((s) => s[0] && (s[0] as From).getBuildStage() === from)!;
    const install = depsStage.filter((i) => keyword(i) === 'RUN').map((i) => args(i).join(' '));
    expect(install.some((r) => /npm ci\b.*--omit=dev/.test(r))).toBe(true);
  });

  it('runs as a numeric non-root user with the app chosen by argument', () => {
    const users = runtime.filter((i) => keyword(i) === 'USER');
    expect(users).toHaveLength(1);
    const [user, group] = args(users.at(-1)!)[0].split(':');
    expect(Number(user)).toBeGreaterThan(0);
    expect(Number(group ?? user)).toBeGreaterThan(0);
    // Nothing after USER changes the file system as that user.
    const after = runtime.slice(runtime.indexOf(users[0]) + 1).map(keyword);
    expect(after.filter((k) => ['RUN', 'COPY', 'ADD'].includes(k))).toEqual([]);
    const entrypoint = runtime.find((i) => keyword(i) === 'ENTRYPOINT')!;
    expect(entrypoint.getRawArgumentsContent()).toContain('/app/entrypoint.cjs');
  });

  it('copies no secrets, credentials or the whole build context', () => {
    for (const instruction of instructions.filter((i) => ['COPY', 'ADD'].includes(keyword(i)))) {
      const sources = words(instruction)
        .filter((a) => !a.startsWith('--'))
        .slice(0, -1);
      for (const path of sources) {
        expect(path).not.toMatch(/^\.\/?$|\.env|\.pem$|\.key$|secret|credential|^var/i);
        if (!words(instruction).some((a) => a.startsWith('--from='))) {
          expect(`${path} exists: ${existsSync(join(ROOT, path))}`).toBe(`${path} exists: true`);
        }
      }
    }
    expect(keywordsWithSecrets()).toEqual([]);
  });

  it('ships the files the apps read at run time', () => {
    const copied = runtime.filter((i) => keyword(i) === 'COPY').map((i) => words(i).join(' '));
    expect(copied.some((c) => c.startsWith('docs/openapi.json '))).toBe(true);
  });

  it('keeps node_modules, var/ and credentials out of the build context (.dockerignore)', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of [
      '**/node_modules',
      'var',
      '.env',
      '.env.*',
      '**/*.pem',
      '**/*.key',
      'dist',
    ]) {
      expect(ignored).toContain(entry);
    }
    // …while every file the Dockerfile copies from the context stays in it.
    const patterns = ignored.filter((l) => l && !l.startsWith('#'));
    const excluded = (file: string) => {
      let out = false;
      for (const pattern of patterns) {
        const negated = pattern.startsWith('!');
        const p = negated ? pattern.slice(1) : pattern;
        const hit = p.endsWith('/*')
          ? file.startsWith(p.slice(0, -1))
          : file === p || file.startsWith(`${p}/`);
        if (hit) out = !negated;
      }
      return out;
    };
    const sources = instructions
      .filter((i) => keyword(i) === 'COPY' && !words(i).some((w) => w.startsWith('--from=')))
      .flatMap((i) => words(i).slice(0, -1))
      .map((w) => w.replace(/\/$/, ''));
    expect(sources.filter(excluded)).toEqual([]);
  });
});

/** ENV or ARG names that look like secrets (they would end up in the image's history). */
function keywordsWithSecrets(): string[] {
  return instructions
    .filter((i) => ['ENV', 'ARG'].includes(keyword(i)))
    .flatMap((i) => args(i))
    .filter((a) => /PASSWORD|SECRET|TOKEN|ACCESS_KEY|DATABASE_URL/i.test(a.split('=')[0]));
}

describe('deploy/docker/entrypoint.cjs', () => {
  // The image's layout: /app/entrypoint.cjs beside tools/scripts, dist and node_modules, and no
  // sources (so the CLI never tries to build).
  let app: string;
  beforeAll(() => {
    app = mkdtempSync(join(tmpdir(), 'hc-image-'));
    copyFileSync(join(ROOT, 'deploy', 'docker', 'entrypoint.cjs'), join(app, 'entrypoint.cjs'));
    mkdirSync(join(app, 'tools', 'scripts'), { recursive: true });
    for (const script of ['hc.cjs', 'hc-commands.cjs', 'build.cjs', 'projects.cjs']) {
      copyFileSync(join(ROOT, 'tools', 'scripts', script), join(app, 'tools', 'scripts', script));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'));
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  const run = (...argv: string[]) =>
    spawnSync(process.execPath, [join(app, 'entrypoint.cjs'), ...argv], {
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('names the apps and the CLI when asked, and refuses anything else', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stderr).toContain(
      'content-api|auth-server|mcp-gateway|webhook-dispatcher|design-service|reader-site',
    );
    expect(run('edge').status).toBe(2);
  });

  it('hands `hc …` to the operator CLI, which needs no sources to run', () => {
    const usage = run('hc');
    expect(usage.status).toBe(1);
    expect(JSON.parse(usage.stderr).error.message).toMatch(/^usage: hc <command>/);
    // A command goes past the build step (no apps/ or libs/ here) to the built CLI, absent in
    // this layout, so it fails there and not in a build.
    const command = run('hc', 'migrate');
    expect(command.status).toBe(1);
    expect(command.stderr).not.toMatch(/built \d+ files|build failed/);
    expect(command.stderr).toMatch(/dist\/apps\/content-api\/src\/cli\.js/);
  });
});
