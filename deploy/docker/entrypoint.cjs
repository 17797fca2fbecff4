#!/usr/bin/env node
// The image's entrypoint (/app/entrypoint.cjs, deploy/docker/Dockerfile):
//   <app>                  starts one app in this process (SIGTERM reaches it directly)
//   hc <command> [flags]   the operator CLI (docs/operations.md), e.g. `hc migrate`
'use strict';

const path = require('node:path');
const { APPS } = require('./tools/scripts/projects.cjs');

const [command, ...rest] = process.argv.slice(2);

if (command === 'hc') {
  const cli = path.join(__dirname, 'tools', 'scripts', 'hc.cjs');
  process.argv = [process.argv[0], cli, ...rest];
  require(cli);
} else if (APPS.some((app) => app.name === command)) {
  require(path.join(__dirname, 'dist', 'apps', command, 'src', 'main.js'));
} else {
  const apps = APPS.map((app) => app.name).join('|');
  process.stderr.write(`usage: <${apps}> | hc <command> [--flag value …]\n`);
  process.exit(command === '--help' ? 0 : 2);
}
