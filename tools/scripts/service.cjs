#!/usr/bin/env node
// `npm run service -- <app>`: one app alone in the foreground with the same settings.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { buildIfStale, OUT } = require('./build.cjs');
const { APPS } = require('./projects.cjs');

async function main() {
  const name = process.argv[2];
  const known = [...APPS.map((a) => a.name), 'edge'];
  if (!known.includes(name)) {
    process.stderr.write(`usage: npm run service -- <${known.join('|')}>\n`);
    process.exit(2);
  }
  await buildIfStale();
  const main = path.join(OUT, 'apps', name, 'src', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${name} is not built`);
  const child = spawn(process.execPath, ['--enable-source-maps', main], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((err) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
