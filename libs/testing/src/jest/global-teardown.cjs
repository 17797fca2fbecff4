// Drops the databases this run's workers created.
'use strict';
const mysql = require('mysql2/promise');

module.exports = async () => {
  if (process.env.HC_KEEP_TEST_DATABASES === '1') return;
  const base = new URL(process.env.HC_TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/');
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
