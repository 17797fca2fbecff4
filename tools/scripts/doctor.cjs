#!/usr/bin/env node
// `npm run doctor [-- start|unit|integration|e2e …]`: checks what `npm start` and `npm test` need
// (all of it without arguments) and says, for each missing prerequisite, what it is for and the
// command that installs or starts it. Exits 1 when something is missing.
'use strict';

const { preflight, report, NEEDS } = require('./preflight.cjs');

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((t) => !(t in NEEDS));
  if (unknown.length) {
    process.stderr.write(
      `doctor: unknown ${unknown.join(', ')} (use ${Object.keys(NEEDS).join(', ')})\n`,
    );
    process.exit(2);
  }
  const targets = wanted.length ? wanted : Object.keys(NEEDS);
  process.stdout.write(`doctor: what ${targets.join(', ')} need${targets.length > 1 ? '' : 's'}\n`);
  const good = report(await preflight(targets), process.stdout, { all: true });
  process.stdout.write(
    good ? 'doctor: all present\n' : 'doctor: something is missing (see above)\n',
  );
  process.exit(good ? 0 : 1);
}

void main();
