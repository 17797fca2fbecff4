import { createDataSource, databaseConfigFromEnv } from './data-source';
import { requireCurrentSchema } from './schema-state';

/**
 * Least privilege in the database (issue 34 item 5): one user per app, each granted table by
 * table (column by column where an app writes one column of another's table) exactly what it
 * uses. This table is the one source of truth: `hc db grants` applies it, docs/security.md
 * ("Database users per service") is generated from it (`npm run docs`), and
 * deploy/test/grants.integration-spec.ts checks a granted database against it. MySQL and
 * MariaDB have no "every table but one" grant, so every table is named here; a table no entry
 * names stops `hc db grants` (a new migration must say who may use its table).
 */

/** The user of each app (and of the migration Job), by its key in the helpcenter-database Secret. */
export const DATABASE_USERS = {
  'content-api': 'hc_content',
  'auth-server': 'hc_auth',
  'mcp-gateway': 'hc_mcp',
  'design-service': 'hc_design',
  'reader-site': 'hc_reader',
  'webhook-dispatcher': 'hc_dispatcher',
  'event-relay': 'hc_relay',
  migrate: 'hc_migrate',
} as const;

/** An app whose user gets table grants (the migration user has ALL on the database). */
export type GrantedApp = Exclude<keyof typeof DATABASE_USERS, 'migrate'>;
export const GRANTED_APPS = Object.keys(DATABASE_USERS).filter(
  (app) => app !== 'migrate',
) as GrantedApp[];

/** `SELECT`, `INSERT`, `UPDATE`, `DELETE`, or one of them limited to columns: `UPDATE (a, b)`. */
export type Right = string;
type TableRights = Partial<Record<GrantedApp, readonly Right[]>>;

const R = ['SELECT'] as const;
const DML = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
/** Upserts (`INSERT … ON DUPLICATE KEY UPDATE`) need UPDATE too. */
const UPSERT = ['SELECT', 'INSERT', 'UPDATE'] as const;
/** content-api owns every application table. */
const OWNED: TableRights = { 'content-api': DML };
/** Read by the credential guard of every app that takes API keys or access tokens (libs/auth). */
const GUARD: TableRights = {
  'content-api': DML,
  'auth-server': R,
  'mcp-gateway': R,
  'design-service': R,
};
/** Issue 38: reading a key and recording its last use (at most once a minute per key). */
const KEY_USE = ['SELECT', 'UPDATE (last_used_at)'] as const;
/** The access-token verifier's tables: written by auth-server, read by the apps taking tokens. */
const VERIFIER: TableRights = {
  'auth-server': DML,
  'content-api': R,
  'mcp-gateway': R,
  'design-service': R,
};
/** auth-server's own OAuth tables (the private signing key is in oauth_secrets). */
const AUTH_ONLY: TableRights = { 'auth-server': DML };
/** Content the reader site renders. */
const CONTENT: TableRights = { 'content-api': DML, 'reader-site': R };

/** Every table of the schema → the rights of each app's user on it (none when absent). */
export const TABLE_GRANTS: Record<string, TableRights> = {
  // Issue 38: auth-server creates a person's account at sign-up.
  accounts: { 'content-api': DML, 'auth-server': ['SELECT', 'INSERT'] },
  account_tokens: { 'content-api': DML, 'auth-server': DML },
  analytics_article_daily: OWNED,
  analytics_daily: OWNED,
  analytics_rollups: OWNED,
  analytics_search_daily: OWNED,
  // Issue 38: the guard of every app taking keys records a key's last use (once a minute).
  api_keys: {
    ...GUARD,
    'auth-server': KEY_USE,
    'mcp-gateway': KEY_USE,
    'design-service': KEY_USE,
  },
  article_categories: CONTENT,
  article_feedback: { 'content-api': DML, 'reader-site': ['INSERT'] },
  article_stats: { 'content-api': DML, 'reader-site': UPSERT },
  article_translations: CONTENT,
  article_versions: OWNED,
  articles: CONTENT,
  audit_entries: {
    'content-api': DML,
    'design-service': R,
    'webhook-dispatcher': DML,
  },
  categories: CONTENT,
  change_set_items: OWNED,
  change_sets: OWNED,
  comment_emails: OWNED,
  comment_settings: CONTENT,
  comments: { 'content-api': DML, 'reader-site': ['SELECT', 'INSERT'] },
  contact_messages: { 'content-api': DML, 'reader-site': ['INSERT'] },
  // Issue 37: the credential guard reads the dashboard session (content-api also signs out).
  dashboard_sessions: { ...GUARD, 'auth-server': DML },
  design_sites: { 'content-api': DML, 'design-service': DML, 'reader-site': R },
  design_versions: { 'content-api': DML, 'design-service': DML, 'reader-site': R },
  export_jobs: OWNED,
  image_secrets: OWNED,
  image_upload_urls: OWNED,
  images: CONTENT,
  interface_text_overrides: CONTENT,
  invitations: OWNED,
  memberships: { ...GUARD, 'reader-site': R },
  migrations: Object.fromEntries(GRANTED_APPS.map((app) => [app, R])),
  note_replies: OWNED,
  note_threads: OWNED,
  oauth_access_tokens: VERIFIER,
  oauth_connections: { ...VERIFIER, 'webhook-dispatcher': ['SELECT (client_id, client_name)'] },
  oauth_payloads: AUTH_ONLY,
  oauth_public_keys: VERIFIER,
  oauth_secrets: AUTH_ONLY,
  outbox: {
    'content-api': DML,
    'design-service': ['INSERT'],
    'reader-site': ['INSERT'],
    'webhook-dispatcher': ['SELECT', 'UPDATE (processed_at)', 'DELETE'],
    'event-relay': ['SELECT', 'UPDATE (processed_at)'],
  },
  // Issue 38: the reader member sign-in's second factor, asked by auth-server (the data keys).
  member_second_factors: {
    'content-api': DML,
    'reader-site': ['SELECT', 'INSERT', 'UPDATE (used_at)', 'DELETE'],
    'auth-server': ['SELECT', 'UPDATE (opened_at, verified_at)'],
  },
  // Issue 37: reader-site spends a preview hand-off (a conditional update of used_at).
  preview_handoffs: { 'content-api': DML, 'reader-site': ['SELECT', 'UPDATE (used_at)'] },
  // Issue 38: two-factor recovery codes, auth-server's alone.
  recovery_codes: AUTH_ONLY,
  reader_page_versions: { 'content-api': DML, 'design-service': UPSERT, 'reader-site': UPSERT },
  reader_searches: { 'content-api': DML, 'reader-site': ['INSERT'] },
  // Issue 38: auth-server ends a person's reader sessions when their password changes.
  reader_sessions: {
    'content-api': DML,
    'reader-site': ['SELECT', 'INSERT', 'DELETE'],
    'auth-server': ['SELECT', 'DELETE'],
  },
  reader_views: { 'content-api': DML, 'reader-site': ['INSERT'] },
  // Issue 39: review before publishing, content-api's alone.
  review_requests: OWNED,
  review_settings: OWNED,
  // Issue 40: the search index is written with the article (content-api), read by the reader site.
  search_synonyms: CONTENT,
  search_terms: CONTENT,
  search_vocabulary: CONTENT,
  sites: { ...GUARD, 'design-service': ['SELECT', 'UPDATE (name, updated_at)'], 'reader-site': R },
  slug_redirects: OWNED,
  staged_copies: OWNED,
  staged_shared: OWNED,
  // Issue 38: auth-server signs people up and changes passwords and emails.
  users: { ...GUARD, 'auth-server': ['SELECT', 'INSERT', 'UPDATE'], 'reader-site': R },
  webhook_attempts: { 'content-api': DML, 'webhook-dispatcher': DML },
  webhook_deliveries: { 'content-api': DML, 'webhook-dispatcher': DML },
  webhook_events: { 'content-api': DML, 'webhook-dispatcher': DML },
  webhooks: { 'content-api': DML, 'webhook-dispatcher': ['SELECT', 'UPDATE (last_delivered_at)'] },
};

/** One privilege, on the whole table or on some of its columns. */
export interface Privilege {
  type: 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  columns?: string[];
}

export function parseRight(right: Right): Privilege {
  const m = /^(SELECT|INSERT|UPDATE|DELETE)(?:\s*\(([^)]*)\))?$/.exec(right.trim());
  if (!m) throw new Error(`not a right: ${right}`);
  const columns = m[2]?.split(',').map((c) => c.trim());
  return columns
    ? { type: m[1] as Privilege['type'], columns }
    : { type: m[1] as Privilege['type'] };
}

/**
 * The rights of each app on each table as flat strings (`SELECT`, `UPDATE (last_delivered_at)`
 * per column: `UPDATE (a, b)` becomes `UPDATE (a)`, `UPDATE (b)`), sorted: the form the test
 * compares with what the database reports.
 */
export function flatRights(rights: readonly Right[] = []): string[] {
  return rights
    .flatMap((right) => {
      const p = parseRight(right);
      return p.columns ? p.columns.map((c) => `${p.type} (${c})`) : [p.type];
    })
    .sort();
}

const ident = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
export const accountName = (user: string, host: string) => `${literal(user)}@${literal(host)}`;

/** Anything that runs SQL with `?` parameters (a mysql2 connection, a DataSource). */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

async function rows<T>(sql: SqlRunner, text: string, params: unknown[]): Promise<T[]> {
  const result = (await sql.query(text, params)) as unknown;
  // mysql2/promise answers [rows, fields]; a TypeORM DataSource answers rows.
  const list = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return list as T[];
}

/** What `hc migrate` needs on the database (granted as ALL PRIVILEGES). */
const MIGRATE_NEEDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'CREATE', 'DROP', 'ALTER', 'INDEX'];

export interface GrantOptions {
  database: string;
  /** The host part of every user (default `%`). */
  host?: string;
  /** App → user name (default DATABASE_USERS); only these users are changed. */
  users?: Partial<Record<keyof typeof DATABASE_USERS, string>>;
  /** Only compute the statements (default false: run them). */
  dryRun?: boolean;
}

export interface GrantResult {
  database: string;
  /** The statements that bring each user to its set, in order (empty when nothing changes). */
  statements: string[];
  /** Users that do not exist (`hc db grants` creates none): left alone. */
  missingUsers: string[];
}

/**
 * Brings every app's user to exactly its rights on `database`'s tables: revokes what it holds
 * beyond them (table, column and database-wide privileges on this database), grants what it
 * lacks; the migration user gets ALL on the database. Idempotent: a second run finds nothing to
 * change. Creates no users. Needs a connection of a user holding the GRANT OPTION and able to
 * read the `mysql` schema's grant tables (information_schema shows other users' privileges
 * only then).
 */
export async function applyGrants(sql: SqlRunner, options: GrantOptions): Promise<GrantResult> {
  const { database, host = '%' } = options;
  const users = options.users ?? DATABASE_USERS;
  const tables = (
    await rows<{ name: string }>(
      sql,
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [database],
    )
  ).map((r) => r.name);
  if (tables.length === 0) throw new Error(`database ${database} has no tables: migrate first`);
  const unknown = tables.filter((t) => !(t in TABLE_GRANTS));
  if (unknown.length) {
    throw new Error(
      `no grants defined for ${unknown.join(', ')}: add them to TABLE_GRANTS (libs/data/src/grants.ts)`,
    );
  }
  const statements: string[] = [];
  const missingUsers: string[] = [];
  const on = (table: string) => `${ident(database)}.${ident(table)}`;
  for (const [app, user] of Object.entries(users) as [keyof typeof DATABASE_USERS, string][]) {
    const grantee = accountName(user, host);
    const found = await rows<{ n: number }>(
      sql,
      'SELECT COUNT(*) AS n FROM mysql.user WHERE User = ? AND Host = ?',
      [user, host],
    );
    if (Number(found[0]?.n ?? 0) === 0) {
      missingUsers.push(grantee);
      continue;
    }
    const schemaHeld = await rows<{ type: string }>(
      sql,
      'SELECT privilege_type AS type FROM information_schema.schema_privileges WHERE grantee = ? AND table_schema = ?',
      [grantee, database],
    );
    if (app === 'migrate') {
      const heldTypes = new Set(schemaHeld.map((p) => p.type));
      if (MIGRATE_NEEDS.some((type) => !heldTypes.has(type)))
        statements.push(`GRANT ALL PRIVILEGES ON ${ident(database)}.* TO ${grantee}`);
      continue;
    }
    if (schemaHeld.length)
      statements.push(`REVOKE ALL PRIVILEGES ON ${ident(database)}.* FROM ${grantee}`);
    const held = new Map<string, Set<string>>();
    const heldRows = await rows<{ t: string; type: string; col: string | null }>(
      sql,
      `SELECT table_name AS t, privilege_type AS type, NULL AS col FROM information_schema.table_privileges
        WHERE grantee = ? AND table_schema = ?
       UNION ALL
       SELECT table_name, privilege_type, column_name FROM information_schema.column_privileges
        WHERE grantee = ? AND table_schema = ?`,
      [grantee, database, grantee, database],
    );
    for (const r of heldRows) {
      const set = held.get(r.t) ?? new Set<string>();
      set.add(r.col ? `${r.type} (${r.col})` : r.type);
      held.set(r.t, set);
    }
    for (const table of [...new Set([...tables, ...held.keys()])].sort()) {
      const want = new Set(flatRights(TABLE_GRANTS[table]?.[app as GrantedApp]));
      const have = held.get(table) ?? new Set<string>();
      const extra = [...have].filter((r) => !want.has(r));
      const lacking = [...want].filter((r) => !have.has(r));
      if (extra.length)
        statements.push(`REVOKE ${extra.join(', ')} ON ${on(table)} FROM ${grantee}`);
      if (lacking.length)
        statements.push(`GRANT ${lacking.join(', ')} ON ${on(table)} TO ${grantee}`);
    }
  }
  if (!options.dryRun) for (const statement of statements) await sql.query(statement);
  return { database, statements, missingUsers };
}

/**
 * `hc db grants`: applyGrants on the database of `url` (default HC_DATABASE_URL), through a
 * connection of its own as that URL's user (one holding the GRANT OPTION, not an app's).
 */
export async function grantDatabaseUsers(
  options: Omit<GrantOptions, 'database'> & { url?: string },
): Promise<GrantResult> {
  const ds = await createDataSource({ url: options.url, poolSize: 1 }).initialize();
  try {
    // The tables to grant are the release's: refuse a schema behind the code (hc migrate first).
    await requireCurrentSchema(ds);
    return await applyGrants(ds, {
      ...options,
      database: databaseConfigFromEnv(options.url).database,
    });
  } finally {
    await ds.destroy();
  }
}

/**
 * Issue 36: the rights `app` needs (TABLE_GRANTS: the tables of the current schema, which
 * readiness has checked first) that the connection's own user does not hold, as `SELECT on articles`, `UPDATE (last_delivered_at) on
 * webhooks`; empty when it holds them all. A right counts as held when it is granted on the
 * table (or the column), on the database, or globally. Privileges through roles are not seen:
 * `hc db grants` grants to the users themselves. Readiness refuses while this is not empty.
 * (Not filtered by information_schema.tables: a user sees only the tables it holds a right on.)
 */
export async function missingRights(sql: SqlRunner, app: GrantedApp): Promise<string[]> {
  const [me] = await rows<{ user: string; db: string | null }>(
    sql,
    'SELECT CURRENT_USER() AS user, DATABASE() AS db',
    [],
  );
  if (!me?.db) throw new Error('no database selected: cannot check its grants');
  const at = me.user.lastIndexOf('@');
  const grantee = accountName(me.user.slice(0, at), me.user.slice(at + 1));
  const held = await rows<{ scope: string; t: string | null; type: string; col: string | null }>(
    sql,
    `SELECT 'global' AS scope, NULL AS t, privilege_type AS type, NULL AS col
       FROM information_schema.user_privileges WHERE grantee = ?
     UNION ALL
     SELECT 'schema', NULL, privilege_type, NULL
       FROM information_schema.schema_privileges WHERE grantee = ? AND table_schema = ?
     UNION ALL
     SELECT 'table', table_name, privilege_type, NULL
       FROM information_schema.table_privileges WHERE grantee = ? AND table_schema = ?
     UNION ALL
     SELECT 'column', table_name, privilege_type, column_name
       FROM information_schema.column_privileges WHERE grantee = ? AND table_schema = ?`,
    [grantee, grantee, me.db, grantee, me.db, grantee, me.db],
  );
  const has = new Set(
    held.map((h) => [h.scope, h.t ?? '', h.type, h.col ?? ''].join('\u0000').toLowerCase()),
  );
  const holds = (scope: string, table: string, type: string, col = '') =>
    has.has([scope, table, type, col].join('\u0000').toLowerCase());
  const missing: string[] = [];
  for (const [table, byApp] of Object.entries(TABLE_GRANTS)) {
    for (const right of flatRights(byApp[app])) {
      const { type, columns } = parseRight(right);
      const ok =
        holds('global', '', type) ||
        holds('schema', '', type) ||
        holds('table', table, type) ||
        (columns !== undefined && holds('column', table, type, columns[0]));
      if (!ok) missing.push(`${right} on ${table}`);
    }
  }
  return missing;
}
