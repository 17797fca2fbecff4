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
  } finally {
    await conn.end();
  }
};
