// Builds the workspace and starts the whole stack once for the e2e tier (see stack.cjs).
'use strict';
const { startStack } = require('./stack.cjs');

module.exports = async () => {
  const stack = await startStack();
  globalThis.__HC_STACK__ = stack;
  process.env.HC_E2E_URL = stack.url;
  process.env.HC_E2E_DATABASE_URL = stack.databaseUrl;
};
