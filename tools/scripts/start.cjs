#!/usr/bin/env node
// `npm start`: the whole stack on this machine: the platform origin (HC_PUBLIC_URL) and the
// reader origin (HC_READER_URL, the edge's second port); Ctrl-C stops it.
'use strict';

const { startStack } = require('./stack.cjs');
const { preflight, report } = require('./preflight.cjs');

async function main() {
  if (!report(await preflight(['start']), process.stderr)) {
    process.stderr.write('\nCould not start: install or start what is missing above.\n');
    process.exit(1);
  }
  process.stderr.write('Starting the help-center stack…\n');
  let stack;
  try {
    // Issue 35: the URLs, the demo login and what goes wrong; every request's line and the
    // apps' start-up details with LOG_LEVEL=info (or debug) npm start.
    stack = await startStack({ env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' } });
  } catch (err) {
    process.stderr.write(`\nCould not start: ${err.message}\n`);
    process.exit(1);
  }
  const p = stack.publicUrl;
  const lines = [
    '',
    'The help-center stack is running.',
    `  Dashboard    ${p}/app           (sign in with the demo login below)`,
    `  API          ${p}/v1            (try: curl -H "apikey: <key>" ${p}/v1/sites)`,
    `  OAuth        ${p}/.well-known/oauth-authorization-server`,
    `  MCP          ${p}/mcp`,
    `  Reader site  ${stack.readerUrl}/hc/${stack.demo ? stack.demo.site.subdomain : '<subdomain>'}   (its own origin)`,
    `  Health       ${p}/healthz`,
  ];
  if (stack.demo) {
    lines.push(
      '',
      'Demo login (the dashboard and OAuth sign-in):',
      `  email     ${stack.demo.user.email}`,
      `  password  ${stack.demo.password}`,
      `  API key   ${stack.demo.key}   (read & write, design and notes access, site ${stack.demo.site.id})`,
    );
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n'));

  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('\nStopping…\n');
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  for (const child of stack.children) {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(
        `\n${child.label} stopped (${signal || `exit ${code}`}); stopping the stack.\n`,
      );
      void shutdown(1);
    });
  }
}

void main();
