'use strict';
const fs = require('node:fs');
const mysql = require('mysql2/promise');
const { checkEventContract } = require('./event-contract.cjs');
const { reportCoverage } = require('./openapi-coverage.cjs');

module.exports = async (globalConfig) => {
  const stack = globalThis.__HC_STACK__;
  const kafka = globalThis.__HC_KAFKA__;
  if (!stack) return;
  await stack.stop();
  try {
    // The event stream contract (docs/events.md): the run fails when an event does not match.
    await checkEventContract(stack.databaseUrl, kafka);
    // The OpenAPI coverage (issue 21): strict only when every e2e file ran.
    const whole = !globalConfig?.testPathPatterns?.isSet?.() && !globalConfig?.testNamePattern;
    reportCoverage(process.env.HC_E2E_OPENAPI_COVERAGE, { whole });
  } finally {
    await kafka?.mock.stop();
    await dropRun(stack);
  }
};

async function dropRun(stack) {
  if (process.env.HC_TEST_KEEP_DATABASES === '1') return;
  // The run's URL names its own database: connected to it, drop it (as event-contract connects).
  const conn = await mysql.createConnection({ uri: stack.databaseUrl });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${new URL(stack.databaseUrl).pathname.slice(1)}\``);
  } finally {
    await conn.end();
  }
  fs.rmSync(stack.env.HC_DATA_DIR, { recursive: true, force: true });
}
