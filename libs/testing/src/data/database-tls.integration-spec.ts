// Issue 36 item 3: TLS to MySQL, proven against servers of the test's own (a throwaway mariadbd
// with a CA made here), never the shared test server, which has no TLS and must not be restarted.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTls } from '@hc/contracts';
import { createDataSource, databaseConfigFromEnv, withServerConnection } from '@hc/data';
import { testCertificateAuthority, type TestCertificateAuthority } from '../tls';
import { startThrowawayMariaDb, type ThrowawayMariaDb } from '../throwaway-mariadb';

const dir = mkdtempSync(join(tmpdir(), 'hc-mariadb-tls-'));
let server: ThrowawayMariaDb | null = null;
let ca: TestCertificateAuthority;
let otherCa: TestCertificateAuthority;
/** The files the server reads its certificate from (swapped, then FLUSH SSL). */
const serverCert = {
  certPath: join(dir, 'server-live.pem'),
  keyPath: join(dir, 'server-live.key'),
};

const tls = (mode: DatabaseTls['mode'], caFile: string | null = null): DatabaseTls => ({
  mode,
  caFile,
  certFile: null,
  keyFile: null,
});

/** The cipher of the session the data source's pool opened ('' when not encrypted). */
async function sessionCipher(url: string, t: DatabaseTls): Promise<string> {
  const ds = await createDataSource({ url, tls: t, poolSize: 1 }).initialize();
  try {
    const [row] = await ds.query("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
    return row.Value;
  } finally {
    await ds.destroy();
  }
}

/** Serves `leaf` (a certificate of `ca` for `subjectAltName`) from now on. */
async function serve(subjectAltName: string): Promise<void> {
  const leaf = ca.issue(`server-${subjectAltName.replace(/\W/g, '')}`, subjectAltName);
  copyFileSync(leaf.certPath, serverCert.certPath);
  copyFileSync(leaf.keyPath, serverCert.keyPath);
  if (server) {
    await withServerConnection(databaseConfigFromEnv(server.url('mysql'), tls('disabled')), (c) =>
      c.query('FLUSH SSL'),
    );
  }
}

beforeAll(async () => {
  ca = testCertificateAuthority(dir, 'ca');
  otherCa = testCertificateAuthority(dir, 'other-ca');
  await serve('DNS:localhost,IP:127.0.0.1');
}, 20_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('TLS to MySQL (HC_DATABASE_SSL_MODE)', () => {
  it('required refuses a server without TLS', async () => {
    const plain = await startThrowawayMariaDb({ dir });
    try {
      await expect(sessionCipher(plain.url('mysql'), tls('required'))).rejects.toMatchObject({
        code: 'HANDSHAKE_NO_SSL_SUPPORT',
      });
      expect(await sessionCipher(plain.url('mysql'), tls('disabled'))).toBe('');
    } finally {
      await plain.stop();
    }
  }, 20_000);

  it('required negotiates TLS on every connection: the pool and a connection of its own', async () => {
    server = await startThrowawayMariaDb({ dir, tls: { caPath: ca.caPath, ...serverCert } });
    expect(await sessionCipher(server.url('mysql'), tls('required'))).not.toBe('');
    const own = await withServerConnection(
      databaseConfigFromEnv(server.url('mysql'), tls('required')),
      async (c) => (await c.query("SHOW SESSION STATUS LIKE 'Ssl_cipher'"))[0],
    );
    expect((own as Array<{ Value: string }>)[0]!.Value).not.toBe('');
  }, 20_000);

  it('verify-ca connects with the CA that signed the server certificate, and is refused with another', async () => {
    const url = server!.url('mysql');
    expect(await sessionCipher(url, tls('verify-ca', ca.caPath))).not.toBe('');
    // Refused with mysql2's code, which the start-up message explains (startup-failure.ts).
    await expect(sessionCipher(url, tls('verify-ca', otherCa.caPath))).rejects.toMatchObject({
      code: 'HANDSHAKE_SSL_ERROR',
      message: 'self-signed certificate in certificate chain',
    });
    // required does not look at the certificate: that is what the verify modes are for.
    expect(await sessionCipher(url, tls('required'))).not.toBe('');
  });

  it("npm start's preflight logs in with the same TLS, to a server that accepts only TLS", async () => {
    const url = server!.url('mysql');
    const secureOnly = (on: boolean) =>
      withServerConnection(databaseConfigFromEnv(url, tls('required')), (c) =>
        c.query(`SET GLOBAL require_secure_transport = ${on ? 'ON' : 'OFF'}`),
      );
    /** The preflight's verdict on the database of `npm start` with these settings. */
    const preflight = (env: Record<string, string>): { ok: boolean; detail: string } => {
      const script = `require('./tools/scripts/preflight.cjs').preflight(['start'], process.env)
        .then((checks) => console.log(JSON.stringify(checks.find((c) => c.label === 'database (npm start)'))))`;
      const out = execFileSync(process.execPath, ['-e', script], {
        cwd: join(__dirname, '../../../..'),
        env: { PATH: process.env.PATH, HC_DATABASE_URL: url, ...env },
        encoding: 'utf8',
      });
      return JSON.parse(out);
    };
    await secureOnly(true);
    try {
      expect(preflight({}).ok).toBe(false);
      expect(
        preflight({ HC_DATABASE_SSL_MODE: 'verify-ca', HC_DATABASE_SSL_CA_FILE: ca.caPath }),
      ).toMatchObject({ ok: true, detail: expect.stringMatching(/MariaDB/) });
      expect(
        preflight({ HC_DATABASE_SSL_MODE: 'verify-ca', HC_DATABASE_SSL_CA_FILE: otherCa.caPath })
          .ok,
      ).toBe(false);
    } finally {
      await secureOnly(false);
    }
  });

  it("verify-identity also checks the server's name; verify-ca does not", async () => {
    // By name: mysql2 checks the name of the URL's host (settings refuse an address with it).
    const url = server!.url('mysql').replace('127.0.0.1', 'localhost');
    expect(await sessionCipher(url, tls('verify-identity', ca.caPath))).not.toBe('');
    await serve('DNS:db.invalid');
    expect(await sessionCipher(url, tls('verify-ca', ca.caPath))).not.toBe('');
    await expect(sessionCipher(url, tls('verify-identity', ca.caPath))).rejects.toMatchObject({
      code: 'HANDSHAKE_SSL_ERROR',
      message: expect.stringMatching(
        /Host: localhost\. is not in the cert's altnames: DNS:db\.invalid/,
      ),
    });
    // Without a CA file, Node's public roots: a private CA is not among them.
    await expect(sessionCipher(url, tls('verify-identity'))).rejects.toMatchObject({
      code: 'HANDSHAKE_SSL_ERROR',
    });
  });
});
