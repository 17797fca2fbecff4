// ESLint: type-aware TypeScript rules and Nx module boundaries (docs/architecture.md "Libraries":
// dependencies point one way, apps → libs; contracts and content depend on nothing of ours).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import hc from './tools/eslint/sql-in-repositories.mjs';

const productConstraints = [
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
  },
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
  },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
  },
];
// Tests may also use the testing lib.
const testConstraints = productConstraints.map((c) => ({
  ...c,
  onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:testing'],
}));

const boundaries = (depConstraints, ignoredCircularDependencies = []) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    ignoredCircularDependencies,
    depConstraints: [
      ...depConstraints,
      // contracts, content, design and client depend on nothing of ours; data only on them (the
      // SiteId type of contracts) and TypeORM.
      { sourceTag: 'leaf:true', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'base:data', onlyDependOnLibsWithTags: ['leaf:true'] },
    ],
  },
];

/**
 * The files that may build a SiteId (trustSiteId, toSiteContext): the credential guard's lookup,
 * the reader site's host lookup, the operator CLI, the workers and the site rows themselves
 * (creating a site); tests use testSiteId from @hc/testing.
 */
const SITE_ID_BUILDERS = [
  'libs/contracts/src/site-id.ts',
  'libs/auth/src/credential.guard.ts',
  'libs/auth/src/credential.repository.ts',
  'apps/reader-site/src/data/site.repository.ts',
  'apps/content-api/src/cli/**',
  'apps/content-api/src/**/*.commands.ts',
  'apps/content-api/src/sites/sites.repository.ts',
  // The operator's key revocation by key id names the key row's own site.
  'apps/content-api/src/team/team.repository.ts',
  // A signed upload URL is a one-time credential for its site.
  'apps/content-api/src/images/upload-urls.service.ts',
  'apps/content-api/src/**/*.worker.ts',
  'apps/content-api/src/change-sets/change-sets.repository.ts',
  'apps/webhook-dispatcher/src/**',
  '**/*.spec.ts',
  '**/*.integration-spec.ts',
  'libs/testing/**',
  'apps/**/testing/**',
];
const SITE_ID_MESSAGE =
  'A SiteId comes from the request (@CurrentSite), the host lookup, the CLI or a worker; see docs/architecture.md "Site scope".';

export default [
  {
    ignores: [
      'dist/**',
      'libs/*/dist/**',
      'node_modules/**',
      'var/**',
      'coverage/**',
      '.nx/**',
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  ...nx.configs['flat/base'],
  ...tseslint.configs.recommended,
  {
    // The dashboard's browser app (apps/dashboard) is TSX, checked by its own tsconfig.
    files: ['**/*.ts', 'apps/dashboard/src/**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(productConstraints),
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Queries live in repositories (and migrations, libs/data, tests): issue 22.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      'libs/data/**',
      '**/migrations/**',
      '**/*.spec.ts',
      '**/*.integration-spec.ts',
      'libs/testing/**',
      'apps/**/testing/**',
    ],
    plugins: { hc },
    rules: { 'hc/sql-in-repositories': 'error' },
  },
  {
    // Site scope by type (issue 22, docs/architecture.md "Site scope"): a SiteId is built only by
    // the credential guard, the reader site's host lookup, the operator CLI and the workers.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: SITE_ID_BUILDERS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hc/contracts',
              importNames: ['trustSiteId'],
              message: SITE_ID_MESSAGE,
            },
            {
              name: '@hc/auth',
              importNames: ['toSiteContext'],
              message: SITE_ID_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/*.integration-spec.ts',
      'e2e/**/*.ts',
      'libs/testing/**/*.ts',
      'apps/**/testing/**/*.ts',
    ],
    rules: {
      // Tests of the foundation libs use the testing lib, which builds on them: the only cycle
      // allowed, and only in test files.
      '@nx/enforce-module-boundaries': boundaries(testConstraints, [['testing', 'http']]),
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
];
