// Starts the whole stack once for the e2e tier, as `npm start` does, on free ports and in a
// database of its own (dropped afterwards).
'use strict';
const path = require('node:path');
const { startStack } = require('../../tools/scripts/stack.cjs');

module.exports = async () => {
  const run = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
  const base = new URL(process.env.HC_TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/');
  base.pathname = `/hc_e2e_${run}`;
  const stack = await startStack({
    freePorts: true,
    log: process.env.HC_E2E_LOG === '1' ? process.stderr : null,
    env: {
      HC_DATABASE_URL: base.toString(),
      HC_DATA_DIR: path.resolve(__dirname, '../../var/e2e', run),
      HC_PUBLIC_URL: '',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      HC_WEBHOOK_RETRY_DELAYS: process.env.HC_WEBHOOK_RETRY_DELAYS || '1s,1s,1s,1s',
      HC_OUTBOUND_ALLOWLIST: process.env.HC_OUTBOUND_ALLOWLIST || '127.0.0.1,localhost',
    },
  });
  globalThis.__HC_STACK__ = stack;
  process.env.HC_E2E_URL = stack.url;
  process.env.HC_E2E_PUBLIC_URL = stack.publicUrl;
  process.env.HC_E2E_DATABASE_URL = stack.databaseUrl;
  process.env.HC_E2E_DATA_DIR = stack.env.HC_DATA_DIR;
  process.env.HC_E2E_ENV = JSON.stringify(
    Object.fromEntries(
      Object.entries(stack.env).filter(([k]) => k.startsWith('HC_') || k === 'LOG_LEVEL'),
    ),
  );
  process.env.HC_E2E_DEMO = JSON.stringify(stack.demo);
};
