// Where a test run's time went, and the budget it is held to (docs/development.md "Test time").
// `npm test` prints, at its end: the ten slowest test files, the time of each tier and step, and
// the files that took well beyond their entry in durations.json (a warning that names them).
// After an intended change of a file's time, `HC_TEST_UPDATE_BUDGET=1 npm test` rewrites the
// budget from that whole run; commit it with the change that made the file slower.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const BUDGET_FILE = path.join(__dirname, 'durations.json');

/** A file "grew" past its budget when it took more than both of these. */
const GROWTH_FACTOR = 2;
const GROWTH_SLACK_SECONDS = 20;

function tierOf(file) {
  if (file.endsWith('.integration-spec.ts')) return 'integration';
  if (file.endsWith('.e2e-spec.ts')) return 'e2e';
  return 'unit';
}

/** Each test file of a jest `--json` report: its path, tier and seconds. */
function fileDurations(report, label = null) {
  return report.testResults.map((r) => {
    const file = path.relative(ROOT, r.name) + (label ? ` (${label})` : '');
    const seconds = Math.max(0, (r.endTime - r.startTime) / 1000);
    return { file, tier: tierOf(r.name), seconds };
  });
}

function readBudget(file = BUDGET_FILE) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return { totalMinutes: 15, files: {} };
  }
}

/** The files that took well beyond their budget, or that have none and took long. */
function overBudget(files, budget) {
  const limitOf = (b) => Math.max(b * GROWTH_FACTOR, b + GROWTH_SLACK_SECONDS);
  return files
    .filter((f) => f.seconds > limitOf(budget.files[f.file] ?? 0))
    .map((f) => ({ ...f, budget: budget.files[f.file] ?? null }));
}

const pad = (s, n) => String(s).padStart(n);
const secs = (s) => `${s.toFixed(1)}s`;

/** The summary `npm test` prints; with `whole`, the budget check and (when asked) its update. */
function budgetReport(files, steps, totalSeconds, { whole, budgetFile = BUDGET_FILE } = {}) {
  const lines = ['Slowest test files:'];
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    lines.push(`${pad(secs(f.seconds), 8)}  ${f.tier.padEnd(11)} ${f.file}`);
  }
  lines.push('', 'Per tier (sum of file times; files run side by side):');
  for (const tier of ['unit', 'integration', 'e2e']) {
    const own = files.filter((f) => f.tier === tier);
    if (own.length)
      lines.push(
        `${pad(secs(own.reduce((n, f) => n + f.seconds, 0)), 8)}  ${tier} (${own.length} files)`,
      );
  }
  lines.push('', 'Per step (wall time):');
  for (const s of steps)
    lines.push(`${pad(secs(s.seconds), 8)}  ${s.title}${s.ok ? '' : ' FAILED'}`);
  const budget = readBudget(budgetFile);
  const limit = (budget.totalMinutes ?? 15) * 60;
  lines.push(
    '',
    `Whole run: ${secs(totalSeconds)} (budget ${limit / 60} min)` +
      (whole && totalSeconds > limit ? ' -- WARNING: over the budget' : ''),
  );
  if (whole) {
    const grown = overBudget(files, budget);
    for (const f of grown) {
      lines.push(
        `WARNING: ${f.file} took ${secs(f.seconds)}` +
          (f.budget === null ? ' (no budget entry)' : `, budget ${secs(f.budget)}`),
      );
    }
    if (grown.length)
      lines.push(
        'A file grew past its budget (tools/jest/durations.json): make it faster, or after an ' +
          'intended change run HC_TEST_UPDATE_BUDGET=1 npm test and commit the budget.',
      );
    if (process.env.HC_TEST_UPDATE_BUDGET === '1') {
      const next = {
        totalMinutes: budget.totalMinutes ?? 15,
        files: Object.fromEntries(
          [...files]
            .sort((a, b) => a.file.localeCompare(b.file))
            .map((f) => [f.file, Math.ceil(f.seconds)]),
        ),
      };
      fs.writeFileSync(budgetFile, JSON.stringify(next, null, 2) + '\n');
      lines.push(`Budget written to ${path.relative(ROOT, budgetFile)}.`);
    }
  }
  return lines.join('\n') + '\n';
}

module.exports = { budgetReport, fileDurations, overBudget, readBudget, tierOf };
