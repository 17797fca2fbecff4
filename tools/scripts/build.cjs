#!/usr/bin/env node
// Compiles apps/ and libs/ to dist/ with swc (one file at a time, `@hc/*` rewritten to relative
// requires). Type checking is `npm run typecheck`; this only has to be fast and correct, because
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

function sourceFiles() {
  return SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d))).filter(
    (f) => f.includes(`${path.sep}src${path.sep}`) && !SKIP.test(f),
  );
}

/** True when dist/ is missing or any source file (or tsconfig) changed since the last build. */
function isStale() {
  // The image ships dist/ without apps/ and libs/ (deploy/docker/Dockerfile): nothing to rebuild.
  if (!SOURCE_DIRS.some((dir) => fs.existsSync(path.join(ROOT, dir)))) return false;
  if (!fs.existsSync(STAMP)) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  const inputs = [...sourceFiles(), path.join(ROOT, 'tsconfig.base.json'), __filename];
  return inputs.some((f) => fs.statSync(f).mtimeMs > built);
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
    module: { type: 'commonjs', strictMode: true },
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
