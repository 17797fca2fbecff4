import { type DatabaseTls, databaseTlsFromEnv, SettingsError } from '@hc/contracts';
import { mysqlSsl } from './database-tls';
import { databaseConfigFromEnv, dataSourceOptions } from './data-source';

/** Files as the settings name them: their bytes are their own names. */
const read = (path: string) => Buffer.from(`pem of ${path}`);
const tls = (change: Partial<DatabaseTls>): DatabaseTls => ({
  mode: 'disabled',
  caFile: null,
  certFile: null,
  keyFile: null,
  ...change,
});

describe('HC_DATABASE_SSL_* → mysql2 ssl options', () => {
  it('disabled: no TLS at all', () => {
    expect(mysqlSsl(tls({}), read)).toBeUndefined();
  });

  it('required: TLS, the server certificate not checked', () => {
    expect(mysqlSsl(tls({ mode: 'required' }), read)).toEqual({
      rejectUnauthorized: false,
      verifyIdentity: false,
    });
  });

  it('verify-ca: the chain checked against the CA file, not the name', () => {
    expect(mysqlSsl(tls({ mode: 'verify-ca', caFile: '/ca.pem' }), read)).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: false,
      ca: Buffer.from('pem of /ca.pem'),
    });
  });

  it("verify-identity: the chain and the host's name; Node's public roots without a CA file", () => {
    expect(mysqlSsl(tls({ mode: 'verify-identity', caFile: '/ca.pem' }), read)).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: true,
      ca: Buffer.from('pem of /ca.pem'),
    });
    expect(mysqlSsl(tls({ mode: 'verify-identity' }), read)).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: true,
    });
  });

  it.each(['required', 'verify-ca', 'verify-identity'] as const)(
    '%s presents the client certificate and key when named',
    (mode) => {
      const ssl = mysqlSsl(
        tls({
          mode,
          caFile: mode === 'required' ? null : '/ca.pem',
          certFile: '/c',
          keyFile: '/k',
        }),
        read,
      );
      expect([ssl?.cert?.toString(), ssl?.key?.toString()]).toEqual(['pem of /c', 'pem of /k']);
    },
  );

  it('reaches every connection: the pools and the connections of their own (lock, CREATE DATABASE)', () => {
    const env = { HC_DATABASE_SSL_MODE: 'REQUIRED' };
    const fromEnv = databaseTlsFromEnv(env);
    expect(fromEnv.mode).toBe('required');
    expect(databaseConfigFromEnv('mysql://u:p@db:3306/hc', fromEnv).ssl).toEqual({
      rejectUnauthorized: false,
      verifyIdentity: false,
    });
    expect(dataSourceOptions({ url: 'mysql://u:p@db:3306/hc', tls: fromEnv })).toMatchObject({
      ssl: { rejectUnauthorized: false, verifyIdentity: false },
    });
  });

  it('refuses settings that cannot work, naming the setting, before any connection', () => {
    expect(() => databaseTlsFromEnv({ HC_DATABASE_SSL_MODE: 'verify-ca' })).toThrow(SettingsError);
    expect(() => databaseTlsFromEnv({ HC_DATABASE_SSL_MODE: 'preferred' })).toThrow(
      /HC_DATABASE_SSL_MODE must be disabled, required, verify-ca or verify-identity/,
    );
  });
});
