// The integration tier runs on its own settings whatever the caller's shell exports (issue #17);
// .ci/run exports stray HC_* values to prove it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isTestSetting, tierSettings } = require('./test-env.cjs') as {
  isTestSetting(name: string): boolean;
  tierSettings(tier: string, options: object): Record<string, string>;
};

it('a worker sees only the tier settings and the test services', () => {
  const own = tierSettings('integration', {
    run: process.env.HC_TEST_RUN,
    worker: process.env.JEST_WORKER_ID,
  });
  const stray = Object.keys(process.env).filter(
    (name) => name.startsWith('HC_') && !isTestSetting(name) && !(name in own),
  );
  expect(stray).toEqual([]);
  for (const [name, value] of Object.entries(own)) expect(process.env[name]).toBe(value);
  expect(new URL(process.env.HC_DATABASE_URL!).pathname).toMatch(/^\/hc_t_\w+_\d+$/);
});
