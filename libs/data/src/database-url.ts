export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/helpcenter';

export interface DatabaseConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  database: string;
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
