// One jest config, three tiers (docs/development.md "Tests"): unit, integration (real MySQL, one
// database per worker), e2e (the whole stack). TypeScript and ESM-only packages go through swc.
'use strict';
const path = require('node:path');
const { esmPackages } = require('./tools/jest/esm-packages.cjs');
const { applyTestEnv } = require('./libs/testing/src/jest/test-env.cjs');

// Hermetic: none of the caller's HC_* settings reach a test, a global setup or a worker (workers
// inherit this process's environment); each tier then sets its own (test-env.cjs).
applyTestEnv('scrub');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const esm = esmPackages(__dirname).map(escape).join('|');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const tsconfig = require('./tsconfig.base.json');
const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [
    `^${escape(alias)}$`,
    path.join('<rootDir>', target),
  ]),
);

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esm})/)`],
  moduleNameMapper,
  resolver: '<rootDir>/tools/jest/resolver.cjs',
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// The dashboard's component tests (apps/dashboard, *.spec.tsx): TSX with React's automatic
// runtime, in jsdom. Part of the unit tier (same displayName), so `--selectProjects unit` and
// `npm test -- unit` run them.
const tsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

/** Before every test file of every tier. */
const HAS_ASSERTIONS = '<rootDir>/libs/testing/src/jest/has-assertions.ts';

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools,deploy}/**/*.spec.ts'],
      setupFiles: ['<rootDir>/libs/testing/src/jest/unit-env.cjs'],
      setupFilesAfterEnv: [HAS_ASSERTIONS],
    },
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(t|j|mj|cj)sx?$': tsx },
      testMatch: ['<rootDir>/apps/dashboard/src/**/*.spec.tsx'],
      moduleNameMapper: { ...moduleNameMapper, '\\.css$': '<rootDir>/tools/jest/style-stub.cjs' },
      setupFiles: ['<rootDir>/libs/testing/src/jest/unit-env.cjs'],
      setupFilesAfterEnv: [HAS_ASSERTIONS, '<rootDir>/apps/dashboard/src/testing/setup.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools,deploy}/**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.cjs',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.cjs',
      setupFiles: ['<rootDir>/libs/testing/src/jest/worker-env.cjs'],
      setupFilesAfterEnv: [
        HAS_ASSERTIONS,
        '<rootDir>/libs/testing/src/jest/timeout.ts',
        '<rootDir>/libs/testing/src/jest/worker-database.ts',
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.cjs',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.cjs',
      setupFilesAfterEnv: [HAS_ASSERTIONS, '<rootDir>/e2e/support/setup.ts'],
    },
  ],
};
