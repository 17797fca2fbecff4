// Drops the databases and files this run's workers created.
'use strict';
const fs = require('node:fs');
const mysql = require('mysql2/promise');
const { runDataDir, testServices } = require('./test-env.cjs');

module.exports = async () => {
  if (process.env.HC_TEST_KEEP_DATABASES === '1') return;
  fs.rmSync(runDataDir('integration', process.env.HC_TEST_RUN), { recursive: true, force: true });
  const base = new URL(testServices().databaseUrl);
  const conn = await mysql.createConnection({
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username || 'root'),
    password: decodeURIComponent(base.password || ''),
  });
  try {
    const [rows] = await conn.query('SHOW DATABASES LIKE ?', [`hc_t_${process.env.HC_TEST_RUN}_%`]);
    for (const row of rows)
      await conn.query(`DROP DATABASE IF EXISTS \`${Object.values(row)[0]}\``);
    // The apps' own users of HC_TEST_AS_APP_USERS runs (app-database-user.ts).
    const [users] = await conn.query(
      'SELECT User AS u, Host AS h FROM mysql.user WHERE User LIKE ?',
      [`hc\\_t\\_${process.env.HC_TEST_RUN}\\_%`],
    );
    for (const { u, h } of users) await conn.query('DROP USER IF EXISTS ?@?', [u, h]);
  } finally {
    await conn.end();
  }
};
