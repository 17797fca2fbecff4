#!/usr/bin/env node
// Compiles apps/ and libs/ to dist/ with swc (one file at a time, `@hc/*` rewritten to relative
// requires), and the dashboard's browser app with Vite (apps/dashboard, only when its files changed). Type checking is `npm run typecheck`; this only has to be fast and correct, because
// `npm start`, `npm run hc` and the end-to-end tests call it whenever a source file is newer than
// the last build.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, 'dist');
const STAMP = path.join(OUT, '.build-stamp');
const SOURCE_DIRS = ['apps', 'libs'];
const SKIP = /\.(spec|integration-spec|e2e-spec)\.ts$|\.d\.ts$/;

function walk(dir, files = []) {
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else files.push(full);
  }
  return files;
}

// The dashboard (apps/dashboard): its server (src/main.ts, src/server/) is compiled like every
// app; the rest of src/ is the browser app, bundled by Vite into dist/apps/dashboard/web.
const DASHBOARD = path.join(ROOT, 'apps', 'dashboard');
const WEB_SRC = path.join(DASHBOARD, 'src');
const WEB_OUT = path.join(OUT, 'apps', 'dashboard', 'web');
const WEB_STAMP = path.join(WEB_OUT, '.vite', 'manifest.json');
const isWebFile = (f) =>
  f.startsWith(`${WEB_SRC}${path.sep}`) &&
  !f.startsWith(path.join(WEB_SRC, 'server') + path.sep) &&
  f !== path.join(WEB_SRC, 'main.ts');

function allSourceFiles() {
  return SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d))).filter((f) =>
    f.includes(`${path.sep}src${path.sep}`),
  );
}

function sourceFiles() {
  return allSourceFiles().filter((f) => !SKIP.test(f) && !isWebFile(f));
}

function webInputs() {
  if (!fs.existsSync(WEB_SRC)) return [];
  return [
    ...allSourceFiles().filter((f) => isWebFile(f) && !/\.spec\.tsx?$/.test(f)),
    path.join(DASHBOARD, 'index.html'),
    path.join(DASHBOARD, 'vite.config.mjs'),
    path.join(ROOT, 'libs', 'client', 'src', 'schema.ts'),
  ].filter((f) => fs.existsSync(f));
}

function webIsStale() {
  const inputs = webInputs();
  if (inputs.length === 0) return false;
  if (!fs.existsSync(WEB_STAMP)) return true;
  const built = fs.statSync(WEB_STAMP).mtimeMs;
  return inputs.some((f) => fs.statSync(f).mtimeMs > built);
}

/**
 * The browser app with Vite (config: apps/dashboard/vite.config.mjs); a few seconds. Vite runs
 * in a Node process of its own: it is ESM-only, and a caller inside a jest worker (the built-app
 * and start-up specs) cannot load it there. Always React's production build: Vite follows
 * NODE_ENV, which test runners set to `test`.
 */
async function buildWeb({ quiet }) {
  const started = Date.now();
  const script =
    `import('vite').then(({ build }) => build({ configFile: ${JSON.stringify(path.join(DASHBOARD, 'vite.config.mjs'))}, ` +
    `mode: 'production', logLevel: ${JSON.stringify(quiet ? 'silent' : 'warn')} }))` +
    `.catch((e) => { console.error(e); process.exit(1); })`;
  await new Promise((resolve, reject) => {
    const child = require('node:child_process').spawn(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the dashboard build failed (exit ${code})`)),
    );
  });
  if (!quiet) process.stderr.write(`built the dashboard in ${Date.now() - started} ms\n`);
}

/** True when dist/ is missing or any source file (or tsconfig) changed since the last build. */
function isStale() {
  // The image ships dist/ without apps/ and libs/ (deploy/docker/Dockerfile): nothing to rebuild.
  if (!SOURCE_DIRS.some((dir) => fs.existsSync(path.join(ROOT, dir)))) return false;
  if (!fs.existsSync(STAMP)) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  const inputs = [...sourceFiles(), path.join(ROOT, 'tsconfig.base.json'), __filename];
  return inputs.some((f) => fs.statSync(f).mtimeMs > built) || webIsStale();
}

function swcOptions(file) {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8'));
  return {
    filename: file,
    sourceMaps: true,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: ROOT,
      paths: tsconfig.compilerOptions.paths,
    },
    // Issue 35: a package (not a file of ours) is required when a module first uses it, not when
    // the module loads, so an `hc` command or an app pays only for the packages it runs
    // (`import { Kafka } from 'kafkajs'` behind a barrel no longer loads kafkajs for `hc user
    // create`). Bare imports (`import 'reflect-metadata'`) stay eager. The jest transform is
    // not lazy: the tests see the eager order, the built apps (and the e2e tier) the lazy one.
    module: { type: 'commonjs', strictMode: true, lazy: true },
  };
}

// Several processes (tests, the CLI, npm start) may build at once: never leave a half-written
// file where another process could require it, and never wipe dist/ under a running service.
function writeAtomic(target, content, written) {
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, target);
  written.add(target);
}

function removeOrphans(written) {
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(path.join(OUT, dir))) {
      if (file.startsWith(`${WEB_OUT}${path.sep}`)) continue;
      if (!written.has(file) && !file.endsWith('.tmp')) fs.rmSync(file, { force: true });
    }
  }
}

async function build({ quiet = false } = {}) {
  const swc = require('@swc/core');
  const started = Date.now();
  const files = sourceFiles();
  const written = new Set();
  await Promise.all(
    files.map(async (file) => {
      const rel = path.relative(ROOT, file);
      const target = path.join(OUT, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (!file.endsWith('.ts')) {
        writeAtomic(target, fs.readFileSync(file), written);
        return;
      }
      const out = await swc.transformFile(file, swcOptions(file));
      const js = target.replace(/\.ts$/, '.js');
      writeAtomic(js, `${out.code}\n//# sourceMappingURL=${path.basename(js)}.map\n`, written);
      if (out.map) writeAtomic(`${js}.map`, out.map, written);
    }),
  );
  removeOrphans(written);
  if (webIsStale()) await buildWeb({ quiet });
  writeAtomic(STAMP, new Date().toISOString(), new Set());
  if (!quiet) process.stderr.write(`built ${files.length} files in ${Date.now() - started} ms\n`);
}

async function buildIfStale(opts) {
  if (isStale()) await build(opts);
}

module.exports = { build, buildIfStale, isStale, ROOT, OUT };

if (require.main === module) {
  build().catch((err) => {
    process.stderr.write(`build failed: ${err.message}\n`);
    process.exit(1);
  });
}
