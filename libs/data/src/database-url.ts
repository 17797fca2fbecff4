import type { ConnectionOptions, SslOptions } from 'mysql2';

export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/helpcenter';

export interface DatabaseConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  database: string;
  /** mysql2's TLS options (mysqlSsl of the HC_DATABASE_SSL_* settings); none: plain TCP. */
  ssl?: SslOptions;
}

/**
 * The options of a mysql2 connection of its own to the server of `config` (no database chosen):
 * the migration lock's, CREATE DATABASE's; with the same TLS as the pools.
 */
export function serverConnectionOptions(config: DatabaseConfig): ConnectionOptions {
  return {
    host: config.host,
    port: config.port,
    user: config.username,
    password: config.password,
    ssl: config.ssl,
    connectTimeout: 5000,
  };
}

/** Parses `mysql://user:pass@host:port/db` (spec: HC_DATABASE_URL). */
export function parseDatabaseUrl(url: string = DEFAULT_DATABASE_URL): DatabaseConfig {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`HC_DATABASE_URL is not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error(`HC_DATABASE_URL must start with mysql:// (got ${parsed.protocol}//)`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_$-]{1,64}$/.test(database)) {
    throw new Error(`HC_DATABASE_URL must name a database, e.g. ${DEFAULT_DATABASE_URL}`);
  }
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    username: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password || ''),
    database,
  };
}
