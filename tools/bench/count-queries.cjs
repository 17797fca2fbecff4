// Benchmark preload (`node -r`): counts the SQL statements a server sends through mysql2 (every
// query and execute, TypeORM's included) and writes the running total to
// BENCH_QUERY_COUNT_FILE every 100 ms, so a benchmark can print queries per request.
'use strict';

const fs = require('node:fs');
const mysql = require('mysql2');

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (!file) throw new Error('count-queries.cjs: BENCH_QUERY_COUNT_FILE is not set');
let count = 0;
const proto = Object.getPrototypeOf(mysql.Connection.prototype);
for (const name of ['query', 'execute']) {
  const original = proto[name];
  proto[name] = function counted(...args) {
    count++;
    return original.apply(this, args);
  };
}
const flush = () => fs.writeFileSync(file, String(count));
flush();
setInterval(flush, 100).unref();
