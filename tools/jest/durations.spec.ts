import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const durations = require('./durations.cjs') as {
  fileDurations(report: object, label?: string | null): File[];
  budgetReport(files: File[], steps: Step[], total: number, o: object): string;
};
interface File {
  file: string;
  tier: string;
  seconds: number;
}
interface Step {
  title: string;
  seconds: number;
  ok: boolean;
}

const ROOT = path.resolve(__dirname, '../..');

describe('the test-time summary (tools/jest/durations.cjs)', () => {
  const report = {
    testResults: [
      { name: path.join(ROOT, 'libs/a/src/x.spec.ts'), startTime: 0, endTime: 1_500 },
      { name: path.join(ROOT, 'apps/b/src/y.integration-spec.ts'), startTime: 0, endTime: 90_000 },
      { name: path.join(ROOT, 'e2e/z.e2e-spec.ts'), startTime: 1_000, endTime: 31_000 },
    ],
  };
  let dir: string;
  let budgetFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-budget-'));
    budgetFile = path.join(dir, 'durations.json');
    fs.writeFileSync(
      budgetFile,
      JSON.stringify({
        totalMinutes: 15,
        files: { 'libs/a/src/x.spec.ts': 2, 'apps/b/src/y.integration-spec.ts': 30 },
      }),
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads each file of a jest report with its tier and seconds', () => {
    expect(durations.fileDurations(report, 'kafka')).toEqual([
      { file: 'libs/a/src/x.spec.ts (kafka)', tier: 'unit', seconds: 1.5 },
      { file: 'apps/b/src/y.integration-spec.ts (kafka)', tier: 'integration', seconds: 90 },
      { file: 'e2e/z.e2e-spec.ts (kafka)', tier: 'e2e', seconds: 30 },
    ]);
  });

  it('prints the slowest files, tiers and steps, and names the files past their budget', () => {
    const text = durations.budgetReport(
      durations.fileDurations(report),
      [{ title: 'lint', seconds: 12, ok: false }],
      1_000,
      { whole: true, budgetFile },
    );
    const lines = text.split('\n');
    expect(lines.slice(1, 4).map((l) => l.trim())).toEqual([
      '90.0s  integration apps/b/src/y.integration-spec.ts',
      '30.0s  e2e         e2e/z.e2e-spec.ts',
      '1.5s  unit        libs/a/src/x.spec.ts',
    ]);
    expect(text).toContain('12.0s  lint FAILED');
    expect(text).toContain('Whole run: 1000.0s (budget 15 min) -- WARNING: over the budget');
    expect(text).toContain('WARNING: apps/b/src/y.integration-spec.ts took 90.0s, budget 30.0s');
    expect(text).toContain('WARNING: e2e/z.e2e-spec.ts took 30.0s (no budget entry)');
    expect(text).not.toContain('WARNING: libs/a');
  });

  it('checks no budget on a partial run', () => {
    const text = durations.budgetReport(durations.fileDurations(report), [], 1_000, {
      whole: false,
      budgetFile,
    });
    expect(text).not.toContain('WARNING');
  });
});
