// The preflight of `npm test`, `npm start` and `npm run doctor` (issue #17): a missing
// prerequisite stops the command before anything runs, saying what it is for and how to get it.
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function script(name: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/scripts', name), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

jest.setTimeout(90_000);

it('npm test without Chromium says so on its first lines and runs nothing', async () => {
  const out = await script('test.cjs', ['e2e'], { HC_CHROMIUM_PATH: '/nonexistent/chromium' });
  expect(out.code).toBe(1);
  const lines = out.stderr.split('\n');
  expect(lines[0]).toBe(
    '  MISSING  Chromium: no executable at /nonexistent/chromium (HC_CHROMIUM_PATH)',
  );
  expect(lines[1]).toMatch(
    /for: the end-to-end test that drives the reader site in a real browser/,
  );
  expect(lines[2]).toMatch(/fix: .*(apt-get install -y chromium|snap install chromium|brew)/);
  expect(out.stderr).toContain('stopped before running anything');
  expect(out.stderr).not.toContain('== ');
  expect(out.stdout).not.toContain('tests:');
});

it('npm test names a database server and a Redis that do not answer, and kcat when absent', async () => {
  const port = await closedPort();
  const out = await script('test.cjs', ['integration'], {
    HC_TEST_DATABASE_URL: `mysql://root@127.0.0.1:${port}/`,
    HC_TEST_REDIS_URL: `redis://127.0.0.1:${port}`,
    HC_KCAT_PATH: '/nonexistent/kcat',
  });
  expect(out.code).toBe(1);
  expect(out.stderr).toContain(`MISSING  database (tests): nothing answers at 127.0.0.1:${port}`);
  expect(out.stderr).toContain(`MISSING  Redis (tests): nothing answers at 127.0.0.1:${port}`);
  expect(out.stderr).toContain('MISSING  kcat: /nonexistent/kcat is not installed (HC_KCAT_PATH)');
  expect(out.stderr).toMatch(/fix: .*apt-get install -y kcat|fix: brew install kcat/);
  expect(out.stderr).not.toContain('Chromium');
  expect(out.stderr).not.toContain('== ');
});

it('npm run doctor lists every prerequisite and fails when one is missing', async () => {
  const good = await script('doctor.cjs', ['integration'], {});
  const missingRedis = await script('doctor.cjs', ['integration'], {
    HC_TEST_REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
  });
  expect(good.stdout).toMatch(/ok {7}database \(tests\): mysql:/);
  expect(good.stdout).toMatch(/ok {7}Redis \(tests\): redis:/);
  expect(good.stdout).toMatch(/ok {7}redis-server: \//);
  expect(missingRedis.code).toBe(1);
  expect(missingRedis.stdout).toMatch(/MISSING {2}Redis \(tests\): nothing answers/);
  expect(missingRedis.stdout).toMatch(
    /fix: (redis-server --daemonize yes|.*apt-get install -y redis-server|brew)/,
  );
  expect(missingRedis.stdout).toContain('doctor: something is missing');
});

it('npm test names a missing redis-server executable (the outage test starts its own)', async () => {
  const out = await script('doctor.cjs', ['integration'], { PATH: '/nonexistent' });
  expect(out.stdout).toContain('MISSING  redis-server: redis-server is not on PATH');
  expect(out.stdout).toMatch(/fix: .*(apt-get install -y redis-server|brew install redis)/);
});

it('npm start checks its database before starting anything', async () => {
  const port = await closedPort();
  const out = await script('start.cjs', [], {
    HC_DATABASE_URL: `mysql://root@127.0.0.1:${port}/helpcenter`,
  });
  expect(out.code).toBe(1);
  expect(out.stderr).toContain(
    `MISSING  database (npm start): nothing answers at 127.0.0.1:${port}`,
  );
  expect(out.stderr).not.toContain('Starting the help-center stack');
});

it('npm start checks Redis only when the stack is configured to use it', async () => {
  const port = await closedPort();
  const out = await script('start.cjs', [], {
    HC_DATABASE_URL: `mysql://root@127.0.0.1:${port}/helpcenter`,
    HC_REDIS_URL: `redis://127.0.0.1:${port}`,
  });
  expect(out.code).toBe(1);
  expect(out.stderr).toContain(`MISSING  Redis (npm start): nothing answers at 127.0.0.1:${port}`);
  expect(out.stderr).toMatch(/fix: .*redis-server/);
  const plain = await script('doctor.cjs', ['start'], {});
  expect(plain.stdout).not.toContain('Redis');
});
