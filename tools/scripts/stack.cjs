// Starts the whole stack as `npm start` does: build if stale, create and migrate the database,
// seed the demo on first run, spawn every app and the edge, wait for /healthz.
// Used by `npm start` (fixed ports) and by the e2e tier (free ports, its own database).
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { buildIfStale, OUT, ROOT } = require('./build.cjs');
const { APPS, EDGE } = require('./projects.cjs');

/**
 * Apps that exist in this checkout, are enabled by HC_SERVICES (default all) and belong to the
 * event transport in use (the relay only with HC_EVENT_TRANSPORT=kafka).
 */
function enabledApps(env) {
  const wanted = env.HC_SERVICES ? env.HC_SERVICES.split(',').map((s) => s.trim()) : null;
  const transport = env.HC_EVENT_TRANSPORT || 'outbox';
  return APPS.filter(
    (a) =>
      fs.existsSync(path.join(ROOT, 'apps', a.name, 'src', 'main.ts')) &&
      (!a.transport || a.transport === transport) &&
      (!wanted || wanted.includes(a.name)),
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function prepareDatabase(env) {
  const data = require(path.join(OUT, 'libs/data/src/index.js'));
  const previous = process.env.HC_DATABASE_URL;
  process.env.HC_DATABASE_URL = env.HC_DATABASE_URL;
  try {
    return await data.migrateDatabase(env.HC_DATABASE_URL);
  } finally {
    if (previous === undefined) delete process.env.HC_DATABASE_URL;
    else process.env.HC_DATABASE_URL = previous;
  }
}

/** The message of the CLI's one-line JSON error (its last stderr line), else the raw text. */
function hcError(stderr) {
  const last = stderr.trim().split('\n').pop() || '';
  try {
    return JSON.parse(last).error.message;
  } catch {
    return stderr.trim();
  }
}

/** Runs an operator command in a child process with the stack's settings. */
function hc(env, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'hc.cjs'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(hcError(err) || `hc ${args.join(' ')} exited ${code}`));
    });
  });
}

/** The demo site's login and key, created on first run and kept under HC_DATA_DIR. */
async function ensureDemo(env) {
  const dataDir = path.resolve(ROOT, env.HC_DATA_DIR || './var');
  const file = path.join(dataDir, `demo-${databaseName(env.HC_DATABASE_URL)}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const demo = await hc(env, ['seed', 'demo']);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}

function databaseName(url) {
  return new URL(url).pathname.replace(/^\//, '') || 'helpcenter';
}

/**
 * The apps write JSON log lines; a person at a terminal gets them human-readable (pino-pretty),
 * anything else (a file, a pipe, a log collector) gets the JSON untouched.
 */
function lineFormatter(target) {
  if (!target.isTTY) return (line) => line;
  const pretty = require('pino-pretty').prettyFactory({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
  return (line) => {
    if (!line.startsWith('{')) return line;
    try {
      return pretty(JSON.parse(line)).replace(/\n$/, '');
    } catch {
      return line;
    }
  };
}

function prefixLines(stream, label, target) {
  const format = lineFormatter(target);
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) target.write(`[${label}] ${format(line)}\n`);
  });
  stream.on('end', () => buffer && target.write(`[${label}] ${format(buffer)}\n`));
}

async function waitForHealth(url, children, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const dead = children.find((c) => c.exitCode !== null);
    if (dead) throw new Error(`${dead.label} exited with code ${dead.exitCode} during start-up`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) });
      last = await res.text();
      if (res.ok) return;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the stack did not become ready in ${timeoutMs / 1000}s: ${last}`);
}

/**
 * Starts the stack. Options: `env` (settings), `freePorts` (pick free ports for every app and
 * the edge), `log` (a stream for the apps' output, or null to drop it), `seed` (demo on first run).
 */
async function startStack(options = {}) {
  const env = { ...process.env, ...(options.env || {}) };
  env.HC_DATABASE_URL = env.HC_DATABASE_URL || 'mysql://root@127.0.0.1:3306/helpcenter';
  const apps = enabledApps(env);
  if (options.freePorts) {
    for (const app of apps) env[app.portVar] = String(await freePort());
    env[EDGE.portVar] = String(await freePort());
    env.HC_PUBLIC_URL = env.HC_PUBLIC_URL || `http://localhost:${env[EDGE.portVar]}`;
    env.HC_READER_PORT = String(await freePort());
    env.HC_READER_URL = env.HC_READER_URL || `http://localhost:${env.HC_READER_PORT}`;
  }
  const edgePort = Number(env[EDGE.portVar] || EDGE.port);
  env.HC_PUBLIC_URL = env.HC_PUBLIC_URL || `http://localhost:${edgePort}`;
  // The reader origin (issue #14): the edge's second port, reader pages only.
  const readerPort = Number(env.HC_READER_PORT || edgePort + 1);
  env.HC_READER_URL = env.HC_READER_URL || `http://localhost:${readerPort}`;
  env.HC_SERVICES = apps.map((a) => a.name).join(',');

  await buildIfStale();
  const migrated = await prepareDatabase(env);
  const demo = options.seed === false ? null : await ensureDemo(env);

  const log = options.log === undefined ? process.stdout : options.log;
  const children = [];
  const launch = (label, script) => {
    const child = spawn(process.execPath, ['--enable-source-maps', script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.label = label;
    if (log) {
      prefixLines(child.stdout, label, log);
      prefixLines(child.stderr, label, log);
    } else {
      child.stdout.resume();
      child.stderr.resume();
    }
    children.push(child);
    return child;
  };
  for (const app of apps) launch(app.name, path.join(OUT, 'apps', app.name, 'src', 'main.js'));
  launch('edge', path.join(OUT, 'apps', 'edge', 'src', 'main.js'));

  const url = `http://127.0.0.1:${edgePort}`;
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null || c.signalCode) return resolve();
            const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
            c.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await waitForHealth(url, children, options.timeoutMs || 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    publicUrl: env.HC_PUBLIC_URL,
    readerUrl: env.HC_READER_URL,
    /** The edge's reader port as tests reach it (loopback, like `url`). */
    readerEdgeUrl: `http://127.0.0.1:${readerPort}`,
    env,
    apps,
    children,
    demo,
    migrated,
    databaseUrl: env.HC_DATABASE_URL,
    stop,
  };
}

module.exports = { startStack, enabledApps, freePort, hc };
