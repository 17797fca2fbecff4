#!/usr/bin/env node
// The operator CLI (docs/operations.md): `npm run -s hc -- <command> [--flag value …]`.
// Prints one JSON object on stdout and exits 0, or one JSON object `{"error":{"message"}}` on
// one line of stderr and exits 1 (issue 18). `hc --help`, `hc <command> --help`.
// Builds only when a source file changed since the last build, and then only to stderr.
'use strict';

const path = require('node:path');
const { buildIfStale, OUT } = require('./build.cjs');
const { COMMANDS, commandUsage, usage } = require('./hc-commands.cjs');

// Every app CLI exports run(command, flags); the table says which app runs each command.
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

class UsageError extends Error {}

async function main() {
  const argv = process.argv.slice(2);
  const help = argv.includes('--help') || argv.includes('-h');
  const { command, flags } = parse(argv.filter((a) => a !== '--help' && a !== '-h'));
  if (!command && !help) {
    throw new UsageError('usage: hc <command> [--flag value …]; hc --help lists the commands');
  }
  if (help) {
    if (command && !COMMANDS[command]) throw new UsageError(`unknown command "${command}"`);
    process.stdout.write(`${command ? commandUsage(command) : usage()}\n`);
    return;
  }
  if (!COMMANDS[command])
    throw new UsageError(`unknown command "${command}" (hc --help lists them)`);
  await buildIfStale({ quiet: false });
  const owner = COMMANDS[command].owner || DEFAULT_OWNER;
  const cli = require(path.join(OUT, 'apps', owner, 'src', 'cli.js'));
  const result = await cli.run(command, flags);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** One line of JSON on stderr: what went wrong, and the API-style code when there is one. */
function errorJson(err) {
  const error = { message: describe(err).replace(/\s*\n\s*/g, ' ') };
  const body = err && err.body;
  if (body && typeof body.code === 'string') error.code = body.code;
  else if (body && typeof body.error === 'string') error.code = body.error;
  else if (err && typeof err.code === 'string') error.code = err.code;
  if (err instanceof UsageError) error.code = 'usage';
  return JSON.stringify({ error });
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${errorJson(err)}\n`);
    process.exit(1);
  },
);
