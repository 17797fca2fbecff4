import { itAppliesTo, itReports } from './lint-probe';

const RULE = 'hc/sql-in-repositories';

const CODE = `import type { DataSource, EntityManager } from 'typeorm';

export async function probe(ds: DataSource, m: EntityManager | DataSource, list: number[]) {
  await ds.query('SELECT 1');
  await m.transaction(async (x) => x.find('users'));
  return list.find((n) => n > 1);
}
`;

/** Issue 22: queries run only in repositories (docs/decisions.md). */
describe('lint rule hc/sql-in-repositories', () => {
  itReports(
    'refuses queries on TypeORM objects in a service, and nothing else',
    RULE,
    { file: 'apps/content-api/src/account/account.service.ts', code: CODE },
    [
      expect.stringMatching(/^4: `query` on a TypeORM DataSource runs a query/),
      expect.stringMatching(/^5: `find` on a TypeORM EntityManager runs a query/),
    ],
  );

  itAppliesTo(
    'applies outside repositories, and not to repositories, libs/data, migrations or tests',
    RULE,
    {
      'apps/content-api/src/account/account.service.ts': true,
      'libs/events/src/relay.ts': true,
      'apps/content-api/src/account/account.repository.ts': false,
      'libs/data/src/schema-state.ts': false,
      'libs/data/src/migrations/index.ts': false,
      'apps/content-api/src/account/account.integration-spec.ts': false,
      'libs/testing/src/rows.ts': false,
      'apps/reader-site/src/testing/reader-fixtures.ts': false,
    },
  );
});
