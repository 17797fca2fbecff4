// What `npm start` and `npm test` need from the machine, checked before anything runs (issue #17):
// Node, the installed dependencies, the database server, Redis, Chromium and kcat. Each missing
// prerequisite is reported with what it is for and the one command that installs or starts it.
// `npm test` checks what its selected tiers need, `npm start` what the stack needs, and
// `npm run doctor` (doctor.cjs) everything.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const tls = require('node:tls');
const { ROOT, testServices, which } = require('../../libs/testing/src/jest/test-env.cjs');

const TIMEOUT_MS = 3000;
const MIN_NODE = [20, 19];

/** What each target needs. */
const NEEDS = {
  start: ['node', 'dependencies', 'database'],
  unit: ['node', 'dependencies', 'kubectl', 'promtool'],
  integration: ['node', 'dependencies', 'testDatabase', 'redis', 'redisServer', 'kcat'],
  e2e: ['node', 'dependencies', 'testDatabase', 'chromium', 'kcat'],
};

function platform() {
  if (process.platform === 'darwin') return 'macos';
  try {
    if (/^ID=ubuntu$/m.test(fs.readFileSync('/etc/os-release', 'utf8'))) return 'ubuntu';
  } catch {
    /* not Linux, or no os-release */
  }
  return 'debian';
}

/** `apt-get …` as root, `sudo apt-get …` otherwise. */
function root(command) {
  return typeof process.getuid === 'function' && process.getuid() === 0
    ? command
    : `sudo ${command}`;
}

function isLocal(hostname) {
  return ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(hostname);
}

const COMMANDS = {
  database: {
    install: {
      debian: root('apt-get install -y mariadb-server && ') + root('service mariadb start'),
      ubuntu: root('apt-get install -y mariadb-server && ') + root('service mariadb start'),
      macos: 'brew install mariadb && brew services start mariadb',
    },
    start: {
      debian: root('service mariadb start'),
      ubuntu: root('service mariadb start'),
      macos: 'brew services start mariadb',
    },
  },
  redis: {
    install: {
      debian: root('apt-get install -y redis-server && ') + 'redis-server --daemonize yes',
      ubuntu: root('apt-get install -y redis-server && ') + 'redis-server --daemonize yes',
      macos: 'brew install redis && brew services start redis',
    },
    start: {
      debian: 'redis-server --daemonize yes',
      ubuntu: 'redis-server --daemonize yes',
      macos: 'brew services start redis',
    },
  },
  chromium: {
    install: {
      debian: root('apt-get install -y chromium'),
      ubuntu: root('snap install chromium'),
      macos: 'brew install --cask chromium',
    },
  },
  redisServer: {
    install: {
      debian: root('apt-get install -y redis-server'),
      ubuntu: root('apt-get install -y redis-server'),
      macos: 'brew install redis',
    },
  },
  kubectl: {
    install: {
      // Not in Debian's own archive: Kubernetes's apt repository (pkgs.k8s.io) carries it.
      debian:
        root('apt-get install -y kubectl') +
        '  # from pkgs.k8s.io, see kubernetes.io/docs/tasks/tools',
      ubuntu: root('snap install kubectl --classic'),
      macos: 'brew install kubectl',
    },
  },
  promtool: {
    install: {
      debian: root('apt-get install -y prometheus'),
      ubuntu: root('apt-get install -y prometheus'),
      macos: 'brew install prometheus',
    },
  },
  kcat: {
    install: {
      debian: root('apt-get install -y kcat'),
      ubuntu: root('apt-get install -y kcat'),
      macos: 'brew install kcat',
    },
  },
};

const ok = (label, detail) => ({ ok: true, label, detail });
const missing = (label, detail, purpose, fix) => ({ ok: false, label, detail, purpose, fix });

function installedServer(kind) {
  const names = kind === 'database' ? ['mariadbd', 'mysqld'] : ['redis-server'];
  const sbin = kind === 'database' ? ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'] : [];
  return names.some((n) => which(n)) || sbin.some((f) => fs.existsSync(f));
}

/** The command for a service that does not answer: start it, install it, or (remote) check it. */
function serviceFix(kind, url, setting) {
  if (!isLocal(url.hostname)) {
    return `start the server at ${url.host}, or point ${setting} at one that runs`;
  }
  const commands = COMMANDS[kind];
  return (installedServer(kind) ? commands.start : commands.install)[platform()];
}

/**
 * A fresh Debian/Homebrew server lets root in only through its socket; the default URL (root
 * without a password over TCP) then needs a local root login of its own.
 */
function loginFix(url, setting) {
  const user = decodeURIComponent(url.username || 'root');
  if (isLocal(url.hostname) && user === 'root' && !url.password) {
    const host = url.hostname === 'localhost' ? 'localhost' : '127.0.0.1';
    return root(
      `mariadb -e "CREATE USER IF NOT EXISTS root@'${host}'; GRANT ALL ON *.* TO root@'${host}' WITH GRANT OPTION"`,
    );
  }
  return `set ${setting} to a user (and password) that may create databases`;
}

function redact(url) {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  return copy.toString();
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const good = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  if (good) return ok('Node.js', process.versions.node);
  return missing(
    'Node.js',
    `${process.versions.node} is older than ${MIN_NODE.join('.')}`,
    'runs every service and the tests',
    platform() === 'macos' ? 'brew install node@22' : 'install Node 20.19 or newer (nodejs.org)',
  );
}

function checkDependencies() {
  const present = ['jest', 'mysql2', 'typescript'].every((p) =>
    fs.existsSync(path.join(ROOT, 'node_modules', p, 'package.json')),
  );
  if (present) return ok('dependencies', 'node_modules');
  return missing(
    'dependencies',
    'node_modules is missing or incomplete',
    'the libraries every service and test loads',
    'npm install',
  );
}

/** The setting's URL, or the check's failure when it is not one (`url` null). */
function readUrl(label, rawUrl, setting, purpose, example) {
  try {
    return { url: new URL(rawUrl) };
  } catch {
    return {
      url: null,
      failure: missing(label, `${setting} is not a URL`, purpose, `set ${setting} to ${example}`),
    };
  }
}

/**
 * mysql2's TLS options as `HC_DATABASE_SSL_*` ask for them (the apps' own mapping, `mysqlSsl` in
 * libs/data/src/database-tls.ts, which the preflight cannot load before the build), so `npm start`
 * logs in to a server that accepts only TLS. Unreadable files are the settings check's to report.
 */
function databaseSsl(env) {
  const mode = (env.HC_DATABASE_SSL_MODE || 'disabled').toLowerCase().replace(/_/g, '-');
  if (mode === 'disabled') return undefined;
  const read = (name) => {
    try {
      return env[name] ? fs.readFileSync(env[name]) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    rejectUnauthorized: mode !== 'required',
    verifyIdentity: mode === 'verify-identity',
    ca: mode === 'required' ? undefined : read('HC_DATABASE_SSL_CA_FILE'),
    cert: read('HC_DATABASE_SSL_CERT_FILE'),
    key: read('HC_DATABASE_SSL_KEY_FILE'),
  };
}

/** Logs in to the database server (no database selected: start and the tests create theirs). */
async function checkDatabase(label, rawUrl, setting, purpose, ssl = undefined) {
  const { url, failure } = readUrl(
    label,
    rawUrl,
    setting,
    purpose,
    'mysql://user:password@host:3306/',
  );
  if (!url) return failure;
  let mysql;
  try {
    mysql = require('mysql2/promise');
  } catch {
    return missing(label, 'mysql2 is not installed', purpose, 'npm install');
  }
  const shown = redact(rawUrl);
  let conn;
  try {
    conn = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password || ''),
      connectTimeout: TIMEOUT_MS,
      ssl,
    });
    const [rows] = await conn.query('SELECT VERSION() AS v');
    return ok(label, `${shown} (${rows[0].v})`);
  } catch (err) {
    if (err && /ACCESS_DENIED/.test(err.code || '')) {
      return missing(
        label,
        `${shown} refused the login: ${err.message}`,
        purpose,
        loginFix(url, setting),
      );
    }
    return missing(
      label,
      `nothing answers at ${url.host} (${(err && (err.code || err.message)) || err})`,
      purpose,
      serviceFix('database', url, setting),
    );
  } finally {
    if (conn) await conn.end().catch(() => undefined);
  }
}

/** Sends PING (after AUTH when the URL has a password) and expects PONG. */
function redisPing(url) {
  return new Promise((resolve) => {
    const port = Number(url.port || 6379);
    const options = { host: url.hostname, port, servername: url.hostname };
    const socket = url.protocol === 'rediss:' ? tls.connect(options) : net.connect(options);
    let answer = '';
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(TIMEOUT_MS, () => done({ answered: false, reason: 'timed out' }));
    socket.on('error', (err) => done({ answered: false, reason: err.code || err.message }));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (/\+PONG\r\n/.test(answer)) done({ answered: true, pong: true });
      else if (/^-/m.test(answer)) done({ answered: true, pong: false, reason: answer.trim() });
    });
    socket.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      const user = decodeURIComponent(url.username || '');
      const password = decodeURIComponent(url.password || '');
      if (password) socket.write(user ? `AUTH ${user} ${password}\r\n` : `AUTH ${password}\r\n`);
      socket.write('PING\r\n');
    });
  });
}

async function checkRedis(label, rawUrl, setting, purpose) {
  const { url, failure } = readUrl(label, rawUrl, setting, purpose, 'redis://host:6379');
  if (!url) return failure;
  const result = await redisPing(url);
  if (result.pong) return ok(label, redact(rawUrl));
  if (result.answered) {
    return missing(
      label,
      `${redact(rawUrl)} answered ${result.reason}`,
      purpose,
      `set ${setting} with the right password`,
    );
  }
  return missing(
    label,
    `nothing answers at ${url.host} (${result.reason})`,
    purpose,
    serviceFix('redis', url, setting),
  );
}

function checkChromium(services) {
  const label = 'Chromium';
  if (services.chromiumFound) return ok(label, services.chromiumPath);
  return missing(
    label,
    `no executable at ${services.chromiumPath} (HC_CHROMIUM_PATH)`,
    'the end-to-end test that drives the reader site in a real browser',
    COMMANDS.chromium.install[platform()],
  );
}

/** A program the tests run themselves, found on PATH. */
function checkProgram(env, program, kind, purpose) {
  const found = which(program, env);
  if (found) return ok(program, found);
  return missing(program, `${program} is not on PATH`, purpose, COMMANDS[kind].install[platform()]);
}

function checkKcat(services) {
  const label = 'kcat';
  if (services.kcatFound) return ok(label, services.kcatPath);
  return missing(
    label,
    `${services.kcatPath} is not installed (HC_KCAT_PATH)`,
    'the Kafka tests of the integration and end-to-end tiers (its mock cluster is their broker)',
    COMMANDS.kcat.install[platform()],
  );
}

/**
 * Runs the checks `targets` need ('start', 'unit', 'integration', 'e2e'); `env` is the caller's
 * environment (start reads HC_DATABASE_URL from it, the tests only their HC_TEST_* settings).
 */
async function preflight(targets, env = process.env) {
  const wanted = new Set(targets.flatMap((t) => NEEDS[t] || []));
  const services = testServices(env);
  const checks = [];
  if (wanted.has('node')) checks.push(checkNode());
  if (wanted.has('dependencies')) checks.push(checkDependencies());
  const depsOk = checks.every((c) => c.ok);
  if (depsOk && wanted.has('database')) {
    checks.push(
      checkDatabase(
        'database (npm start)',
        env.HC_DATABASE_URL || 'mysql://root@127.0.0.1:3306/helpcenter',
        'HC_DATABASE_URL',
        "the services' data (MySQL 8 or MariaDB 10.6+)",
        databaseSsl(env),
      ),
    );
  }
  if (depsOk && wanted.has('testDatabase')) {
    checks.push(
      checkDatabase(
        'database (tests)',
        services.databaseUrl,
        'HC_TEST_DATABASE_URL',
        'the integration and end-to-end tiers (they create their databases on it)',
      ),
    );
  }
  if (wanted.has('redis')) {
    checks.push(
      checkRedis(
        'Redis (tests)',
        services.redisUrl,
        'HC_TEST_REDIS_URL',
        'the integration test of rate limits shared between replicas',
      ),
    );
  }
  // The stack needs Redis only when it is configured to share its limits there.
  if (wanted.has('database') && env.HC_REDIS_URL) {
    checks.push(
      checkRedis(
        'Redis (npm start)',
        env.HC_REDIS_URL,
        'HC_REDIS_URL',
        'rate limits and throttles shared by the replicas',
      ),
    );
  }
  if (wanted.has('redisServer'))
    checks.push(
      checkProgram(
        env,
        'redis-server',
        'redisServer',
        'the integration test of Redis outages (it starts and stops a redis-server of its own)',
      ),
    );
  if (wanted.has('chromium')) checks.push(checkChromium(services));
  if (wanted.has('kcat')) checks.push(checkKcat(services));
  if (wanted.has('kubectl'))
    checks.push(
      checkProgram(
        env,
        'kubectl',
        'kubectl',
        'the deploy/ checks of the unit tier (they render the overlays with kubectl kustomize)',
      ),
    );
  if (wanted.has('promtool'))
    checks.push(
      checkProgram(
        env,
        'promtool',
        'promtool',
        'the deploy/ checks of the unit tier (promtool check rules on the alert rules and dashboard queries)',
      ),
    );
  return Promise.all(checks);
}

/** Writes the missing prerequisites (all of them when `all`), most useful first. */
function report(results, stream, { all = false } = {}) {
  const lines = [];
  for (const r of results) {
    if (r.ok) {
      if (all) lines.push(`  ok       ${r.label}: ${r.detail}`);
      continue;
    }
    lines.push(`  MISSING  ${r.label}: ${r.detail}`);
    lines.push(`           for: ${r.purpose}`);
    lines.push(`           fix: ${r.fix}`);
  }
  if (lines.length) stream.write(`${lines.join('\n')}\n`);
  return results.every((r) => r.ok);
}

module.exports = { preflight, report, NEEDS };
