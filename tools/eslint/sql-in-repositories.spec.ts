import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Lints `code` as if it were the file `file` of the repository; returns this rule's messages. */
async function sqlMessages(file: string, code: string): Promise<string[]> {
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
  const [result] = JSON.parse(run.stdout) as {
    messages: { ruleId: string | null; line: number; message: string }[];
  }[];
  return result.messages
    .filter((m) => m.ruleId === 'hc/sql-in-repositories')
    .map((m) => `${m.line}: ${m.message}`);
}

const CODE = `import type { DataSource, EntityManager } from 'typeorm';

export async function probe(ds: DataSource, m: EntityManager | DataSource, list: number[]) {
  await ds.query('SELECT 1');
  await m.transaction(async (x) => x.find('users'));
  return list.find((n) => n > 1);
}
`;

/** Issue 22: queries run only in repositories (docs/decisions.md). */
describe('lint rule hc/sql-in-repositories', () => {
  it('refuses queries on TypeORM objects in a service, and nothing else', async () => {
    expect(await sqlMessages('apps/content-api/src/account/account.service.ts', CODE)).toEqual([
      expect.stringMatching(/^4: `query` on a TypeORM DataSource runs a query/),
      expect.stringMatching(/^5: `find` on a TypeORM EntityManager runs a query/),
    ]);
  }, 120_000);

  it('applies outside repositories, and not to repositories, libs/data, migrations or tests', () => {
    const files = {
      'apps/content-api/src/account/account.service.ts': true,
      'libs/events/src/relay.ts': true,
      'apps/content-api/src/account/account.repository.ts': false,
      'libs/data/src/schema-state.ts': false,
      'libs/data/src/migrations/index.ts': false,
      'apps/content-api/src/account/account.integration-spec.ts': false,
      'libs/testing/src/rows.ts': false,
      'apps/reader-site/src/testing/reader-fixtures.ts': false,
    };
    // One process asks ESLint for each file's configuration (no parsing, no type information).
    const script = `
      const { ESLint } = require('eslint');
      (async () => {
        const eslint = new ESLint({ cwd: process.cwd() });
        const out = {};
        for (const file of process.argv.slice(1)) {
          const config = await eslint.calculateConfigForFile(file);
          out[file] = 'hc/sql-in-repositories' in (config?.rules ?? {});
        }
        console.log(JSON.stringify(out));
      })();`;
    const run = spawnSync('node', ['-e', script, ...Object.keys(files)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(JSON.parse(run.stdout)).toEqual(files);
  }, 60_000);
});
