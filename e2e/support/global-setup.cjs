// Starts the whole stack once for the e2e tier, as `npm start` does, on free ports and in a
// database of its own (dropped afterwards), with the tier's own settings (test-env.cjs).
'use strict';
const { startStack } = require('../../tools/scripts/stack.cjs');
const { applyTestEnv, newRunId, testEnv } = require('../../libs/testing/src/jest/test-env.cjs');

module.exports = async () => {
  applyTestEnv('scrub');
  const env = testEnv('e2e', { run: newRunId() });
  env.LOG_LEVEL = env.LOG_LEVEL || 'warn';
  const stack = await startStack({
    freePorts: true,
    log: process.env.HC_E2E_LOG === '1' ? process.stderr : null,
    env,
  });
  globalThis.__HC_STACK__ = stack;
  process.env.HC_E2E_URL = stack.url;
  process.env.HC_E2E_PUBLIC_URL = stack.publicUrl;
  process.env.HC_E2E_READER_URL = stack.readerEdgeUrl;
  process.env.HC_E2E_DATABASE_URL = stack.databaseUrl;
  process.env.HC_E2E_DATA_DIR = stack.env.HC_DATA_DIR;
  process.env.HC_E2E_ENV = JSON.stringify(
    Object.fromEntries(
      Object.entries(stack.env).filter(([k]) => k.startsWith('HC_') || k === 'LOG_LEVEL'),
    ),
  );
  process.env.HC_E2E_DEMO = JSON.stringify(stack.demo);
};
