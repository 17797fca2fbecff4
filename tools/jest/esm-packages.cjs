// Jest on Node 20 cannot require ESM-only packages: find every installed package whose
// package.json says "type": "module" (nested copies included) so swc transforms them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function scan(dir, found) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.isDirectory() && !e.isSymbolicLink()) continue;
    if (e.name.startsWith('.')) continue;
    if (e.name.startsWith('@')) {
      scan(path.join(dir, e.name), found);
      continue;
    }
    const pkgDir = path.join(dir, e.name);
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
      if (pkg.type === 'module') found.add(pkg.name || e.name);
    } catch {
      /* not a package */
    }
    scan(path.join(pkgDir, 'node_modules'), found);
  }
}

function esmPackages(root) {
  const found = new Set();
  scan(path.join(root, 'node_modules'), found);
  return [...found];
}

module.exports = { esmPackages };
