#!/usr/bin/env node
// One database user per service, each granted what it uses (docs/security.md, "Database users
// per service"). Prints the GRANT statements for the tables the database has now, or runs them:
//
//   HC_DATABASE_URL=mysql://admin:…@mysql:3306/helpcenter node deploy/db/grants.cjs [--apply] [--host %]
//
// Create the users first (CREATE USER 'hc_content'@'%' IDENTIFIED BY '…', …) and run it again
// after every release's migrations: MySQL has no "every table but one" grant, so each table is
// granted by name and a new table needs its grants.
'use strict';

/** The user of each service (and of the migration Job), by its key in the helpcenter-database Secret. */
const USERS = {
  'content-api': 'hc_content',
  'auth-server': 'hc_auth',
  'mcp-gateway': 'hc_mcp',
  'design-service': 'hc_design',
  'reader-site': 'hc_reader',
  'webhook-dispatcher': 'hc_dispatcher',
  'event-relay': 'hc_relay',
  migrate: 'hc_migrate',
};

const DML = 'SELECT, INSERT, UPDATE, DELETE';
/** Read by every service that verifies access tokens; written by auth-server only. */
const VERIFIER_TABLES = ['oauth_public_keys', 'oauth_access_tokens', 'oauth_connections'];
const TOKEN_VERIFIERS = ['content-api', 'mcp-gateway', 'design-service'];
/** The event relay reads and marks outbox rows, nothing else (docs/decisions.md "Kafka path"). */
const RELAY_TABLES = { outbox: 'SELECT, UPDATE' };

/**
 * The statements for `tables` of `database`: auth-server alone gets the oauth_* tables (the
 * private signing key is in oauth_secrets), the token verifiers read VERIFIER_TABLES, every
 * service reads and writes the application tables and reads `migrations` (readiness compares
 * the schema), and the migration user has every privilege on the database.
 */
function grantStatements({ database, tables, host = '%', users = USERS }) {
  const q = (name) => `\`${name.replace(/`/g, '``')}\``;
  const who = (app) => `'${users[app].replace(/'/g, "''")}'@'${host.replace(/'/g, "''")}'`;
  const on = (table) => `${q(database)}.${q(table)}`;
  const statements = [`GRANT ALL PRIVILEGES ON ${q(database)}.* TO ${who('migrate')}`];
  const apps = Object.keys(users).filter((app) => app !== 'migrate');
  for (const table of [...tables].sort()) {
    for (const app of apps) {
      let privileges = null;
      if (table === 'migrations') privileges = 'SELECT';
      else if (app === 'event-relay') privileges = RELAY_TABLES[table] ?? null;
      else if (table.startsWith('oauth_')) {
        if (app === 'auth-server') privileges = DML;
        else if (VERIFIER_TABLES.includes(table) && TOKEN_VERIFIERS.includes(app)) {
          privileges = 'SELECT';
        }
      } else privileges = DML;
      if (privileges) statements.push(`GRANT ${privileges} ON ${on(table)} TO ${who(app)}`);
    }
  }
  return statements;
}

async function main(argv) {
  const mysql = require('mysql2/promise');
  const apply = argv.includes('--apply');
  const hostAt = argv.indexOf('--host');
  const host = hostAt === -1 ? '%' : argv[hostAt + 1];
  const url = new URL(process.env.HC_DATABASE_URL || 'mysql://root@127.0.0.1:3306/helpcenter');
  const database = decodeURIComponent(url.pathname.slice(1));
  const connection = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  });
  try {
    const [rows] = await connection.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [database],
    );
    if (rows.length === 0) throw new Error(`database ${database} has no tables: migrate first`);
    const statements = grantStatements({ database, tables: rows.map((r) => r.name), host });
    for (const statement of statements) {
      if (apply) await connection.query(statement);
      process.stdout.write(`${statement};\n`);
    }
  } finally {
    await connection.end();
  }
}

module.exports = { USERS, grantStatements };

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`grants: ${err.message}\n`);
    process.exit(1);
  });
}
