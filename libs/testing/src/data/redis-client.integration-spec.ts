// Redis AUTH and TLS (issue 34 item 5): every connection comes from createRedis, which applies
// HC_REDIS_USERNAME / HC_REDIS_PASSWORD and, for rediss://, the CA and client certificate
// files. Proven against a redis-server this test starts with TLS only (no plain port), a
// password (requirepass), an ACL user and client certificates required, on a throwaway CA.
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { checkSettings } from '@hc/contracts';
import { freePort, selfSignedCertificate } from '../index';
import { createRedis, closeRedisPublisher, redisPublisher } from '@hc/data';

const PASSWORD = 'requirepass-0123456789';
const APP_PASSWORD = 'acl-user-password-0123';
const REDIS_ENV = [
  'HC_REDIS_USERNAME',
  'HC_REDIS_PASSWORD',
  'HC_REDIS_TLS_CA_FILE',
  'HC_REDIS_TLS_CERT_FILE',
  'HC_REDIS_TLS_KEY_FILE',
];

describe('Redis AUTH and TLS (createRedis)', () => {
  let dir: string;
  let server: ChildProcess;
  let url: string;
  const files: Record<string, string> = {};
  const clients: Redis[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hc-redis-tls-'));
    const serverCert = selfSignedCertificate();
    const clientCert = selfSignedCertificate();
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      files[name] = join(dir, name);
    };
    write('server.pem', serverCert.cert);
    write('server.key', serverCert.key);
    write('client.pem', clientCert.cert);
    write('client.key', clientCert.key);
    // The server trusts the client's certificate; the client trusts the server's (its "CA").
    write('clients-ca.pem', clientCert.cert);
    const port = await freePort();
    server = spawn(
      'redis-server',
      [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--tls-cert-file',
        files['server.pem'],
        '--tls-key-file',
        files['server.key'],
        '--tls-ca-cert-file',
        files['clients-ca.pem'],
        '--tls-auth-clients',
        'yes',
        '--requirepass',
        PASSWORD,
        '--user',
        'hcapp',
        'on',
        `>${APP_PASSWORD}`,
        '~*',
        '&*',
        '+@all',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    server.stdout!.on('data', (chunk: Buffer) => (log += chunk));
    const deadline = Date.now() + 10_000;
    while (!log.includes('Ready to accept connections')) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    url = `rediss://127.0.0.1:${port}/0`;
  });

  afterEach(async () => {
    for (const name of REDIS_ENV) delete process.env[name];
    for (const client of clients.splice(0)) client.disconnect();
    await closeRedisPublisher();
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = (values: Record<string, string>) => Object.assign(process.env, values);
  const tlsFiles = () => ({
    HC_REDIS_TLS_CA_FILE: files['server.pem'],
    HC_REDIS_TLS_CERT_FILE: files['client.pem'],
    HC_REDIS_TLS_KEY_FILE: files['client.key'],
  });
  /** A client that tries once and answers PING: the failure, with what the connection saw. */
  const connect = async (target = url): Promise<Redis> => {
    const client = createRedis(target, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 3000,
    });
    const seen: string[] = [];
    client.on('error', (err: Error) => seen.push(err.message));
    clients.push(client);
    try {
      await client.connect();
      await client.ping();
    } catch (err) {
      throw new Error([...seen, (err as Error).message].join(' / '));
    }
    return client;
  };

  it('connects over TLS with the password, the CA and the client certificate', async () => {
    settings({ ...tlsFiles(), HC_REDIS_PASSWORD: PASSWORD });
    const client = await connect();
    expect(await client.ping()).toBe('PONG');
    await client.set('hc:tls-probe', 'yes');
    expect(await client.get('hc:tls-probe')).toBe('yes');
    expect(await client.acl('WHOAMI')).toBe('default');
  });

  it('signs in as the ACL user of HC_REDIS_USERNAME, over what the URL says', async () => {
    settings({ ...tlsFiles(), HC_REDIS_USERNAME: 'hcapp', HC_REDIS_PASSWORD: APP_PASSWORD });
    const client = await connect(url.replace('rediss://', 'rediss://someone:wrong@'));
    expect(await client.acl('WHOAMI')).toBe('hcapp');
  });

  it('is refused without the password, or with a wrong one', async () => {
    settings(tlsFiles());
    await expect(connect()).rejects.toThrow(/NOAUTH|Authentication required/i);
    settings({ HC_REDIS_PASSWORD: 'not-the-password-000' });
    await expect(connect()).rejects.toThrow(/WRONGPASS|invalid password/i);
  });

  it('does not trust the server without the CA, nor get in without a client certificate', async () => {
    settings({ HC_REDIS_PASSWORD: PASSWORD });
    await expect(connect()).rejects.toThrow(/self[- ]signed|certificate/i);
    settings({ HC_REDIS_TLS_CA_FILE: files['server.pem'] });
    await expect(connect()).rejects.toThrow(/certificate|closed|reset/i);
  });

  it('gets nothing in plain text from a TLS-only server', async () => {
    settings({ HC_REDIS_PASSWORD: PASSWORD });
    await expect(connect(url.replace('rediss://', 'redis://'))).rejects.toThrow(/./);
  });

  it("carries the product's own traffic: a reader-page announcement through the publisher", async () => {
    settings({ ...tlsFiles(), HC_REDIS_PASSWORD: PASSWORD });
    const subscriber = await connect();
    const got = new Promise<string>((resolve) => subscriber.on('message', (_c, m) => resolve(m)));
    await subscriber.subscribe('hc:tls-channel');
    await redisPublisher(url).publish('hc:tls-channel', '7 42');
    await expect(got).resolves.toBe('7 42');
  });

  it('refuses settings that cannot work', () => {
    const refused = (env: Record<string, string>) => {
      try {
        checkSettings(env);
        return [];
      } catch (err) {
        return (err as { problems?: string[] }).problems ?? [(err as Error).message];
      }
    };
    expect(
      refused({ HC_REDIS_URL: 'redis://r:6379', HC_REDIS_TLS_CA_FILE: '/ca.pem' }).join(),
    ).toMatch('HC_REDIS_TLS_CA_FILE needs a rediss:// HC_REDIS_URL');
    expect(
      refused({ HC_REDIS_URL: url, HC_REDIS_TLS_CERT_FILE: files['client.pem'] }).join(),
    ).toMatch('HC_REDIS_TLS_CERT_FILE and HC_REDIS_TLS_KEY_FILE go together');
    expect(refused({ HC_REDIS_URL: 'http://r:6379' }).join()).toMatch(
      'HC_REDIS_URL must start with redis:// or rediss://',
    );
    expect(refused({ HC_REDIS_URL: url, ...tlsFiles(), HC_REDIS_PASSWORD: 'x' })).toEqual([]);
  });
});
