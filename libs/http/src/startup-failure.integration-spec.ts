// Issue 35 item 3: an app that cannot start says why, on stderr in words naming the setting or
// service to fix, and as a JSON line on stdout, both written before the process exits. Each
// app runs built, in its own process, with one broken setting.
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { freePort, startMockKafka, type MockKafka } from '@hc/testing';

const ROOT = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfStale, OUT } = require(path.join(ROOT, 'tools/scripts/build.cjs')) as {
  buildIfStale: (o: { quiet: boolean }) => Promise<void>;
  OUT: string;
};

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function start(app: string, env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(OUT, 'apps', app, 'src', 'main.js')],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A port something listens on until `close`. */
async function takenPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, r));
  const { port } = srv.address() as net.AddressInfo;
  return { port, close: () => new Promise((r) => srv.close(() => r())) };
}

function withDatabase(change: (url: URL) => void): string {
  const url = new URL(process.env.HC_DATABASE_URL as string);
  change(url);
  return url.toString();
}

jest.setTimeout(120_000);

let kafka: MockKafka;
let taken: Awaited<ReturnType<typeof takenPort>>;

beforeAll(async () => {
  [kafka, taken] = await Promise.all([
    startMockKafka({ brokers: 1 }),
    takenPort(),
    buildIfStale({ quiet: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([kafka?.stop(), taken?.close()]);
});

it('names the setting or service to fix when an app cannot start, on stderr and as JSON', async () => {
  const closed = await freePort();
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'content-api',
      { HC_DATABASE_URL: withDatabase((u) => (u.port = String(closed))) },
      /^content-api could not start: cannot reach the database \(MariaDB\) at 127\.0\.0\.1:\d+ \(ECONNREFUSED\): start it or fix HC_DATABASE_URL$/,
    ],
    [
      'auth-server',
      { HC_PUBLIC_URL: 'not-a-url' },
      /^auth-server could not start: settings: HC_PUBLIC_URL must be an absolute URL \(got "not-a-url"\)/,
    ],
    [
      'mcp-gateway',
      { HC_DATABASE_URL: withDatabase((u) => (u.pathname = '/hc_no_such_database')) },
      /^mcp-gateway could not start: Unknown database 'hc_no_such_database': create and migrate it with "npm run -s hc -- migrate", or fix HC_DATABASE_URL$/,
    ],
    [
      'reader-site',
      { HC_DATABASE_URL: withDatabase((u) => (u.username = 'hc_no_such_user')) },
      /^reader-site could not start: the database refused the user of HC_DATABASE_URL \(Access denied for user 'hc_no_such_user'.*\): fix the user or password there$/,
    ],
    [
      'design-service',
      { HC_DESIGN_SERVICE_PORT: String(taken.port) },
      new RegExp(
        `^design-service could not start: port ${taken.port} is already in use: stop what listens there or set HC_DESIGN_SERVICE_PORT$`,
      ),
    ],
    [
      'event-relay',
      {},
      /^event-relay could not start: the event relay publishes to Kafka: set HC_EVENT_TRANSPORT=kafka and HC_KAFKA_BROKERS$/,
    ],
    [
      'webhook-dispatcher',
      { HC_EVENT_TRANSPORT: 'kafka', HC_KAFKA_BROKERS: kafka.brokers.join(',') },
      /^webhook-dispatcher could not start: Kafka refused to create topic helpcenter\.events \(12 partitions, replication factor 3\): .*Create it on the cluster or fix HC_KAFKA_TOPIC_PARTITIONS \/ HC_KAFKA_REPLICATION_FACTOR\.$/,
    ],
    [
      'edge',
      { HC_PORT: String(taken.port), HC_READER_PORT: String(await freePort()) },
      new RegExp(
        `^edge could not start: port ${taken.port} is already in use: stop what listens there or set HC_PORT / HC_READER_PORT$`,
      ),
    ],
  ];
  const ports = await Promise.all(cases.map(() => freePort()));
  const outcomes = await Promise.all(
    cases.map(([app, env], i) =>
      start(app, {
        [`HC_${app.toUpperCase().replace(/-/g, '_')}_PORT`]: String(ports[i]),
        ...env,
      }),
    ),
  );
  outcomes.forEach((out, i) => {
    const [app, , words] = cases[i];
    expect({ app, code: out.code }).toEqual({ app, code: 1 });
    const line = out.stderr.trim().split('\n').pop() ?? '';
    expect(line).toMatch(words);
    // The same reason as the JSON line every log collector reads (stdout, level fatal).
    const fatal = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: string; service: string; msg: string })
      .find((l) => l.level === 'fatal');
    expect(fatal).toMatchObject({
      service: app,
      msg: line.replace(`${app} could not start: `, ''),
    });
  });
});
