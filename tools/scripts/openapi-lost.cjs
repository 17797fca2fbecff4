#!/usr/bin/env node
// What an OpenAPI document lost against an earlier one (issue 35 item 6): every leaf of the old
// document (a status, a field, a pattern, an example value …) by its JSON path, absent or
// different in the new one. `node tools/scripts/openapi-lost.cjs old.json [new.json]` (new:
// docs/openapi.json); prints one line per leaf and exits 1 when any was lost.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

function leaves(value, at = '', out = new Map()) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    if (entries.length === 0) out.set(at, JSON.stringify(value));
    for (const [key, v] of entries)
      leaves(v, `${at}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  } else {
    out.set(at, JSON.stringify(value));
  }
  return out;
}

const [oldFile, newFile = path.join(__dirname, '../../docs/openapi.json')] = process.argv.slice(2);
if (!oldFile) {
  console.error('usage: openapi-lost.cjs old.json [new.json]');
  process.exit(2);
}
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const after = leaves(read(newFile));
const lost = [...leaves(read(oldFile))].filter(([at, v]) => after.get(at) !== v);
for (const [at, v] of lost) console.log(`${at}: ${v} → ${after.get(at) ?? '(absent)'}`);
console.log(`${lost.length} leaves of ${oldFile} lost or changed in ${newFile}`);
process.exit(lost.length ? 1 : 0);
