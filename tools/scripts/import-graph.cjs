#!/usr/bin/env node
// The import graph of the product's source files (apps/*/src, libs/*/src; tests excluded) and its
// circles (issue 35: files that import each other, directly or around a loop, cannot be read,
// moved or loaded one at a time). Every import counts: `import type`, `export … from`, `import()`
// and `require()`; `@hc/<lib>` is that lib's index.ts. `node tools/scripts/import-graph.cjs`
// prints the circles; tools/scripts/import-graph.spec.ts fails on any.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '../..');
const TEST = /\.(spec|integration-spec|e2e-spec)\.tsx?$|\.d\.ts$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function walk(dir, files = []) {
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (/\.tsx?$/.test(entry.name) && !TEST.test(entry.name)) files.push(full);
  }
  return files;
}

/** The source files: every project's `src/`, tests and declarations left out. */
function sourceFiles(root = ROOT) {
  return ['apps', 'libs'].flatMap((top) => {
    const dir = path.join(root, top);
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).flatMap((project) => walk(path.join(dir, project, 'src')));
  });
}

/** `@hc/<lib>` → its entry file, from tsconfig.base.json's paths. */
function aliases(root = ROOT) {
  const { paths = {} } = JSON.parse(
    fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'),
  ).compilerOptions;
  return Object.fromEntries(Object.entries(paths).map(([k, [v]]) => [k, path.join(root, v)]));
}

function resolve(from, spec, alias) {
  let base;
  if (alias[spec]) return alias[spec];
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  const stripped = base.replace(/\.(js|cjs|mjs)$/, '');
  for (const ext of EXTENSIONS) {
    if (fs.existsSync(stripped + ext)) return stripped + ext;
  }
  return null;
}

/** file → the files it imports (absolute paths). */
function importGraph(root = ROOT) {
  const alias = aliases(root);
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of info.importedFiles) {
      const target = resolve(file, fileName, alias);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles: strongly connected groups of two or more files (Tarjan), each sorted. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) || []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** The circles of the tree, as repo-relative paths with the imports that tie each. */
function findCircles(root = ROOT) {
  const graph = importGraph(root);
  return circles(graph).map((group) => {
    const members = new Set(group);
    const rel = (f) => path.relative(root, f);
    return {
      files: group.map(rel),
      imports: group.flatMap((f) =>
        [...graph.get(f)].filter((t) => members.has(t)).map((t) => `${rel(f)} -> ${rel(t)}`),
      ),
    };
  });
}

/**
 * Apps laid out as rooms (issue 35): the folders of `apps/<app>/src` (its top-level files count
 * as one more, `.`) of which each imports the other, with one import each way as the example.
 * Test helpers (files under a `testing/` folder) are left out, like tests.
 */
function findFolderPairs(apps, root = ROOT) {
  const graph = importGraph(root);
  const pairs = [];
  for (const app of apps) {
    const src = path.join(root, 'apps', app, 'src');
    const folder = (f) => {
      const parts = path.relative(src, f).split(path.sep);
      return parts.length > 1 ? parts[0] : '.';
    };
    const edges = new Map();
    for (const [from, targets] of graph) {
      // Test helpers (a `testing/` folder) may start the app they help test.
      if (!from.startsWith(src + path.sep) || from.includes(`${path.sep}testing${path.sep}`))
        continue;
      for (const to of targets) {
        if (!to.startsWith(src + path.sep) || folder(from) === folder(to)) continue;
        const key = `${folder(from)} -> ${folder(to)}`;
        if (!edges.has(key))
          edges.set(key, `${path.relative(root, from)} -> ${path.relative(root, to)}`);
      }
    }
    for (const key of [...edges.keys()].sort()) {
      const [a, b] = key.split(' -> ');
      if (a < b && edges.has(`${b} -> ${a}`))
        pairs.push({ app, folders: [a, b], imports: [edges.get(key), edges.get(`${b} -> ${a}`)] });
    }
  }
  return pairs;
}

module.exports = { findCircles, findFolderPairs, importGraph, circles, sourceFiles };

if (require.main === module) {
  const found = findCircles();
  for (const c of found)
    process.stdout.write(`circle of ${c.files.length}:\n  ${c.imports.join('\n  ')}\n`);
  process.stdout.write(`${found.length} circle(s)\n`);
  process.exit(found.length ? 1 : 0);
}
