#!/usr/bin/env node
// The operator CLI (operator-contract.md): `npm run -s hc -- <command> [--flag value …]`.
// Prints one JSON object on stdout and exits 0, or a one-line message on stderr and exits 1.
// Builds only when a source file changed since the last build, and then only to stderr.
'use strict';

const path = require('node:path');
const { buildIfStale, OUT } = require('./build.cjs');

// Which app owns each command group; every app CLI exports run(command, flags).
const OWNERS = { oauth: 'auth-server' };
const DEFAULT_OWNER = 'content-api';

function parse(argv) {
  const words = [];
  const flags = {};
  let i = 0;
  while (i < argv.length && !argv[i].startsWith('--')) words.push(argv[i++]);
  while (i < argv.length) {
    const token = argv[i++];
    if (!token.startsWith('--')) throw new Error(`unexpected argument "${token}"`);
    const eq = token.indexOf('=');
    const name = token.slice(2, eq === -1 ? undefined : eq);
    let value;
    if (eq !== -1) value = token.slice(eq + 1);
    else if (i < argv.length && !argv[i].startsWith('--')) value = argv[i++];
    else value = true;
    if (flags[name] === undefined) flags[name] = value;
    else flags[name] = [].concat(flags[name], value);
  }
  return { command: words.join(' '), flags };
}

function describe(err) {
  const body = err && err.body;
  if (body && body.errors && typeof body.errors === 'object') {
    const details = Object.entries(body.errors)
      .map(([field, list]) => `${field}: ${[].concat(list).join(' ')}`)
      .join('; ');
    return `${body.message || 'invalid input'} (${details})`;
  }
  if (body && (body.message || body.error_description))
    return body.message || body.error_description;
  return (err && err.message) || String(err);
}

async function main() {
  const { command, flags } = parse(process.argv.slice(2));
  if (!command) throw new Error('usage: hc <command> [--flag value …] (see operator-contract.md)');
  await buildIfStale({ quiet: false });
  const owner = OWNERS[command.split(' ')[0]] || DEFAULT_OWNER;
  const cli = require(path.join(OUT, 'apps', owner, 'src', 'cli.js'));
  const result = await cli.run(command, flags);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`hc: ${describe(err).replace(/\s*\n\s*/g, ' ')}\n`);
    process.exit(1);
  },
);
