import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Lints `code` as if it were the file `file` of the repository; returns `ruleId`'s messages. */
export function lintMessages(file: string, code: string, ruleId: string): string[] {
  // ESLint loads its flat config with import(), which jest's VM does not offer: a child process.
  const run = spawnSync(
    'node',
    [
      path.join(ROOT, 'node_modules/eslint/bin/eslint.js'),
      '--stdin',
      '--stdin-filename',
      path.join(ROOT, file),
      '--format',
      'json',
    ],
    { cwd: ROOT, input: code, encoding: 'utf8' },
  );
  // Nx may print a warning (no cached project graph) before the report.
  const [result] = JSON.parse(run.stdout.slice(run.stdout.indexOf('[{'))) as {
    messages: { ruleId: string | null; line: number; message: string }[];
  }[];
  return result.messages.filter((m) => m.ruleId === ruleId).map((m) => `${m.line}: ${m.message}`);
}

/** A case: linting `code` as `file` gives exactly `messages` of `ruleId` (`line: message`). */
export function itReports(
  name: string,
  ruleId: string,
  lint: { file: string; code: string },
  messages: unknown[],
): void {
  it(
    name,
    () => {
      expect(lintMessages(lint.file, lint.code, ruleId)).toEqual(messages);
    },
    120_000,
  );
}

/** A case: `ruleId` is on exactly for the files `files` maps to true. */
export function itAppliesTo(name: string, ruleId: string, files: Record<string, boolean>): void {
  it(
    name,
    () => {
      expect(ruleAppliesTo(Object.keys(files), ruleId)).toEqual(files);
    },
    60_000,
  );
}

/** For each file, whether `ruleId` is on for it (one process; no parsing, no type information). */
export function ruleAppliesTo(files: string[], ruleId: string): Record<string, boolean> {
  const script = `
    const { ESLint } = require('eslint');
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = {};
      for (const file of process.argv.slice(2)) {
        const rule = (await eslint.calculateConfigForFile(file))?.rules?.[process.argv[1]];
        out[file] = rule !== undefined && rule[0] !== 0 && rule[0] !== 'off';
      }
      console.log(JSON.stringify(out));
    })();`;
  const run = spawnSync('node', ['-e', script, ruleId, ...files], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(run.stdout) as Record<string, boolean>;
}
