// Benchmark preload (`node -r`): counts the SQL statements a server sends through mysql2 (every
// query and execute, TypeORM's included) and writes the running total to
// BENCH_QUERY_COUNT_FILE every 100 ms, so a benchmark can print queries per request; the number
// of those that were a COMMIT (transactions) goes to `<that file>.commits`.
'use strict';

const fs = require('node:fs');
const mysql = require('mysql2');

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (!file) throw new Error('count-queries.cjs: BENCH_QUERY_COUNT_FILE is not set');
let count = 0;
let commits = 0;
const proto = Object.getPrototypeOf(mysql.Connection.prototype);
for (const name of ['query', 'execute']) {
  const original = proto[name];
  proto[name] = function counted(...args) {
    count++;
    const sql = typeof args[0] === 'string' ? args[0] : args[0]?.sql;
    if (typeof sql === 'string' && /^\s*COMMIT\b/i.test(sql)) commits++;
    return original.apply(this, args);
  };
}
// Written aside and renamed into place: a reader never sees the file empty (a torn read once
// made the scale bench report 28 statements per category page where the server sent 6).
const write = (path, value) => {
  fs.writeFileSync(`${path}.tmp`, String(value));
  fs.renameSync(`${path}.tmp`, path);
};
const flush = () => {
  write(file, count);
  write(`${file}.commits`, commits);
};
flush();
setInterval(flush, 100).unref();
