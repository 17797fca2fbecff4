// The OpenAPI coverage of an e2e run (issue 21): which operations of docs/openapi.json got at
// least one answer checked against their schema (openapi-contract.ts records every check).
// Printed as `openapi coverage: N/M operations` plus the uncovered ones; a run of the whole e2e
// tier fails when an operation is left uncovered or an answer failed its check.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DOC = path.resolve(__dirname, '../../docs/openapi.json');

function operations() {
  const doc = JSON.parse(fs.readFileSync(DOC, 'utf8'));
  const out = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && op.responses)
        out.push(`${method.toUpperCase()} ${template}`);
    }
  }
  return out;
}

/**
 * Reads the run's record and reports. `whole`: the run selected every e2e file, so an uncovered
 * operation is an error; a run of some files only reports.
 */
function reportCoverage(file, { whole }) {
  const lines = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)
    : [];
  const covered = new Set();
  for (const line of lines) {
    const entry = JSON.parse(line);
    if (entry.ok) covered.add(entry.op);
  }
  const all = operations();
  const uncovered = all.filter((op) => !covered.has(op));
  process.stderr.write(
    `openapi coverage: ${all.length - uncovered.length}/${all.length} operations ` +
      `(${lines.length} checked answers)\n` +
      (uncovered.length ? `  not covered:\n${uncovered.map((op) => `    ${op}\n`).join('')}` : ''),
  );
  if (whole && uncovered.length) {
    throw new Error(
      `openapi coverage: ${uncovered.length} operation(s) of docs/openapi.json got no checked ` +
        `answer in the e2e run; add a request for each (e2e/api-contract.e2e-spec.ts).`,
    );
  }
  return { covered: all.length - uncovered.length, total: all.length, uncovered };
}

module.exports = { reportCoverage };
