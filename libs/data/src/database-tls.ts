import { readFileSync } from 'node:fs';
import type { SslOptions } from 'mysql2';
import { type DatabaseTls } from '@hc/contracts';

/**
 * mysql2's `ssl` options for the TLS settings (docs/decisions/managed-databases.md), the same
 * for every connection of the product (the pools, the migration lock, CREATE DATABASE):
 *
 * - `disabled`: none (plain TCP);
 * - `required`: TLS, the server's certificate not checked (MySQL's REQUIRED);
 * - `verify-ca`: the certificate must chain to `HC_DATABASE_SSL_CA_FILE`, any name;
 * - `verify-identity`: and name the host of HC_DATABASE_URL; Node's public roots when no CA
 *   file is named (managed services with publicly trusted certificates).
 *
 * The client certificate, when named, goes with every mode but `disabled`. Files are read once,
 * here: a pool shares one options object, so mysql2 builds one secure context for it.
 */
export function mysqlSsl(
  tls: DatabaseTls,
  read: (path: string) => Buffer = (path) => readFileSync(path),
): SslOptions | undefined {
  if (tls.mode === 'disabled') return undefined;
  const ssl: SslOptions = {
    rejectUnauthorized: tls.mode !== 'required',
    verifyIdentity: tls.mode === 'verify-identity',
  };
  if (tls.caFile && tls.mode !== 'required') ssl.ca = read(tls.caFile);
  if (tls.certFile) ssl.cert = read(tls.certFile);
  if (tls.keyFile) ssl.key = read(tls.keyFile);
  return ssl;
}
