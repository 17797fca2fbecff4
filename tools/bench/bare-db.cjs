// The bare baselines' database pool, configured as the product's data source is (utf8mb4, UTC).
'use strict';
const mysql = require('mysql2/promise');

function poolFromUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  return mysql.createPool({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
    database: url.pathname.slice(1),
    connectionLimit: 10,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
  });
}

module.exports = { poolFromUrl };
