import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Where Debian installs MariaDB (the shared test server's own binaries). */
const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = 'mariadb-install-db';

export interface ThrowawayMariaDbOptions {
  /** A directory of the test's own: the data directory, socket and log go under it. */
  dir: string;
  /** The server's TLS: its CA, certificate and key (PEM files); none: a server without TLS. */
  tls?: { caPath: string; certPath: string; keyPath: string };
}

/** A MariaDB server of a test's own, on a free port of 127.0.0.1; root without a password. */
export interface ThrowawayMariaDb {
  port: number;
  /** `mysql://root@127.0.0.1:<port>/<database>` */
  url(database: string): string;
  /** Stops the server and waits for its exit. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a MariaDB of its own under `dir` (never the shared test server: other people's tests
 * run there, and it must not be restarted or reconfigured): installs a data directory once
 * (`mariadb-install-db`, about 2 s), starts `mariadbd` on a free port with the TLS given and
 * waits until it is ready. The process is killed when the test's process exits, whatever the
 * outcome; call `stop()` in afterAll.
 */
export async function startThrowawayMariaDb(
  options: ThrowawayMariaDbOptions,
): Promise<ThrowawayMariaDb> {
  const data = join(options.dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=root'] : [];
  try {
    readFileSync(join(data, 'mysql', 'db.frm'));
  } catch {
    mkdirSync(data, { recursive: true });
    await promisify(execFile)(INSTALL_DB, [
      '--no-defaults',
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...user,
    ]);
  }
  const port = await freePort();
  const tls = options.tls
    ? [
        `--ssl-ca=${options.tls.caPath}`,
        `--ssl-cert=${options.tls.certPath}`,
        `--ssl-key=${options.tls.keyPath}`,
      ]
    : ['--skip-ssl'];
  const child: ChildProcess = spawn(
    MARIADBD,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(options.dir, 'mariadbd.sock')}`,
      `--pid-file=${join(options.dir, 'mariadbd.pid')}`,
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
      '--skip-name-resolve',
      ...user,
      ...tls,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mariadbd did not start:\n${log}`)), 15_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('ready for connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`mariadbd exited (${code}):\n${log}`));
      });
    });
  } catch (err) {
    kill();
    await exited;
    process.removeListener('exit', kill);
    throw err;
  }
  return {
    port,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      const late = setTimeout(kill, 10_000);
      await exited;
      clearTimeout(late);
      process.removeListener('exit', kill);
    },
  };
}
