import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetSettings } from '@hc/contracts';
import { selfSignedCertificate, type TestCertificate } from '@hc/testing';
import {
  checkHost,
  closeOutboundPools,
  OutboundError,
  safeFetch,
  type SafeFetchOptions,
} from './index';

// The module object itself (an `import * as` is a copy here), so a spy reaches host-check's lookup.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dns = require('node:dns/promises') as typeof import('node:dns/promises');

const base: SafeFetchOptions = { timeoutMs: 2000, maxBytes: 1024, maxRedirects: 4 };

function listen(server: net.Server, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err;
    throw err;
  }
  throw new Error('expected an OutboundError');
}

function allow(...entries: string[]) {
  process.env.HC_OUTBOUND_ALLOWLIST = entries.join(',');
  resetSettings();
}

let sink: net.Server;
let sinkPort: number;
let sinkHits = 0;
let app: http.Server;
let appPort: number;
let tlsApp: https.Server;
let tlsPort: number;
let cert: TestCertificate;
const savedCa = process.env.NODE_EXTRA_CA_CERTS;

beforeAll(async () => {
  sink = net.createServer((socket) => {
    sinkHits++;
    socket.destroy();
  });
  sinkPort = await listen(sink);
  app = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/hello') {
      res.setHeader('x-seen-host', req.headers.host ?? '');
      res.setHeader('x-seen-authorization', req.headers.authorization ?? '');
      res.end(`hello ${req.method}`);
    } else if (url.pathname === '/trace') {
      res.end(
        JSON.stringify({
          traceparent: req.headers.traceparent ?? null,
          tracestate: req.headers.tracestate ?? null,
          baggage: req.headers.baggage ?? null,
          other: req.headers['x-kept'] ?? null,
        }),
      );
    } else if (url.pathname === '/redirect') {
      res.statusCode = Number(url.searchParams.get('status') ?? 302);
      res.setHeader('location', url.searchParams.get('to') ?? '/hello');
      res.end();
    } else if (url.pathname === '/chain') {
      const n = Number(url.searchParams.get('n'));
      res.statusCode = 302;
      res.setHeader('location', n > 0 ? `/chain?n=${n - 1}` : '/hello');
      res.end();
    } else if (url.pathname === '/big') {
      res.end(Buffer.alloc(4096, 1));
    } else if (url.pathname === '/big-stream') {
      // No content-length: the cap must count streamed bytes.
      res.write(Buffer.alloc(800, 1));
      setTimeout(() => res.end(Buffer.alloc(800, 1)), 20);
    } else if (url.pathname === '/slow') {
      res.write('a');
      setTimeout(() => res.end('b'), 5000).unref();
    } else if (url.pathname === '/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(`${req.method} ${Buffer.concat(chunks).toString()}`));
    } else {
      res.statusCode = 404;
      res.end('nope');
    }
  });
  appPort = await listen(app);
  cert = selfSignedCertificate();
  tlsApp = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    if (req.url === '/to-http') {
      res.statusCode = 302;
      res.setHeader('location', `http://127.0.0.1:${appPort}/hello`);
      return res.end();
    }
    res.end(`secure ${req.headers.host}`);
  });
  tlsPort = await listen(tlsApp);
});

afterAll(async () => {
  await Promise.all([sink, app, tlsApp].map((s) => new Promise((r) => s.close(r))));
  delete process.env.HC_OUTBOUND_ALLOWLIST;
  if (savedCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = savedCa;
  resetSettings();
});

beforeEach(() => {
  allow(`127.0.0.1:${appPort}`);
});

/** The port a `Socket.connect` call asks for: its options object, or a number first. */
function portOf(options: unknown): number | undefined {
  if (typeof options === 'number') return options;
  if (options && typeof options === 'object' && 'port' in options) return Number(options.port);
  return undefined;
}

describe('the SSRF corpus', () => {
  const hostile = (p: number): string[] => [
    // loopback, spelled every way the URL parser or getaddrinfo accepts
    `http://127.0.0.1:${p}/`,
    `http://127.1:${p}/`,
    `http://127.0.1:${p}/`,
    `http://2130706433:${p}/`,
    `http://0x7f000001:${p}/`,
    `http://0x7f.0x0.0x0.0x1:${p}/`,
    `http://0x7F.1:${p}/`,
    `http://0177.0.0.1:${p}/`,
    `http://0177.0000.0000.0001:${p}/`,
    `http://017700000001:${p}/`,
    `http://127.000.000.001:${p}/`,
    `http://127.0.0.1.:${p}/`,
    `http://127.255.255.254:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://0:${p}/`,
    `http://0x0:${p}/`,
    `https://127.0.0.1:${p}/`,
    `http://localhost:${p}/`,
    `http://LOCALHOST:${p}/`,
    `http://localhost.:${p}/`,
    `http://[::1]:${p}/`,
    `http://[0:0:0:0:0:0:0:1]:${p}/`,
    `http://[::]:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
    `http://[::7f00:1]:${p}/`,
    `http://[64:ff9b::127.0.0.1]:${p}/`,
    `http://[::ffff:0:127.0.0.1]:${p}/`,
    `http://[2002:7f00:1::1]:${p}/`,
    // private, link-local, CGNAT, multicast, broadcast, reserved
    `http://10.0.0.1:${p}/`,
    `http://10.255.255.255:${p}/`,
    `http://167772161:${p}/`,
    `http://172.16.0.1:${p}/`,
    `http://172.31.255.254:${p}/`,
    `http://192.168.0.1:${p}/`,
    `http://192.168.1.1:${p}/`,
    `http://169.254.169.254:${p}/latest/meta-data/`,
    `http://0xa9fea9fe:${p}/`,
    `http://0251.0376.0251.0376:${p}/`,
    `http://169.254.0.1:${p}/`,
    `http://100.64.0.1:${p}/`,
    `http://100.127.255.254:${p}/`,
    `http://224.0.0.1:${p}/`,
    `http://239.255.255.250:${p}/`,
    `http://255.255.255.255:${p}/`,
    `http://192.0.0.1:${p}/`,
    `http://192.0.2.1:${p}/`,
    `http://198.18.0.1:${p}/`,
    `http://198.51.100.1:${p}/`,
    `http://203.0.113.1:${p}/`,
    `http://240.0.0.1:${p}/`,
    `http://192.88.99.1:${p}/`,
    `http://[::ffff:10.0.0.1]:${p}/`,
    `http://[::ffff:169.254.169.254]:${p}/`,
    `http://[64:ff9b::a9fe:a9fe]:${p}/`,
    `http://[64:ff9b:1::1]:${p}/`,
    `http://[2002:a00:1::]:${p}/`,
    `http://[fe80::1]:${p}/`,
    `http://[febf::1]:${p}/`,
    `http://[fc00::1]:${p}/`,
    `http://[fd12:3456::1]:${p}/`,
    `http://[ff02::1]:${p}/`,
    `http://[ff05::1:3]:${p}/`,
    `http://[fec0::1]:${p}/`,
    `http://[2001:db8::1]:${p}/`,
    `http://[2001::1]:${p}/`,
    `http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${p}/`,
    `http://[100::1]:${p}/`,
    `http://[3fff::1]:${p}/`,
    // IPv6 forms embedding a private IPv4 address (ISATAP, IPv4-compatible, mapped, NAT64)
    `http://[::5efe:127.0.0.1]:${p}/`,
    `http://[::200:5efe:10.0.0.1]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://[64:ff9b::127.0.0.1]:${p}/`,
    `http://[2002:808:808::1]:${p}/`,
    // user info in front of the real host: judged by the real host (issue #16)
    `https://a@127.0.0.1:${p}/x`,
    `https://127.0.0.1:9443@127.0.0.1:${p}/`,
    `https://user:pass@[::1]:${p}/`,
    `http://user:pass@127.0.0.1:${p}/`,
    `http://user@localhost:${p}/`,
    // names that must not resolve to anything usable, and non-http(s) or unparseable URLs
    `http://does-not-exist.invalid:${p}/`,
    `https://a%40127.0.0.1:${p}/`,
    `https://127.0.0.1%3A${p}/`,
    `ftp://127.0.0.1:${p}/`,
    `file:///etc/passwd`,
    `gopher://127.0.0.1:${p}/_GET`,
    `javascript:alert(1)`,
    `not a url`,
  ];

  it('has at least 60 hostile addresses', () => {
    expect(hostile(1).length).toBeGreaterThanOrEqual(60);
  });

  it('refuses every one without opening a connection, and the sink receives nothing', async () => {
    const connect = jest.spyOn(net.Socket.prototype, 'connect');
    try {
      for (const url of hostile(sinkPort)) {
        const err = await failure(safeFetch(url, base));
        expect([url, ['invalid_url', 'unresolvable', 'private_address']]).toEqual([
          url,
          expect.arrayContaining([err.reason]),
        ]);
        const check = await checkHost(url);
        expect([url, check.ok]).toEqual([url, false]);
      }
      // Only this test's attempts count: the spy sees the whole jest worker, where a socket an
      // earlier spec file left behind may still connect to a port of its own. Every address of
      // the corpus points at the sink's port, so an attempt there is the refusal failing.
      const attempts = connect.mock.calls.filter(([options]) => portOf(options) === sinkPort);
      expect(attempts).toEqual([]);
    } finally {
      connect.mockRestore();
    }
    expect(sinkHits).toBe(0);
  });

  it('re-checks every redirect target: an allow-listed host cannot bounce to a hostile one', async () => {
    for (const to of hostile(sinkPort).slice(0, 30)) {
      const url = `http://127.0.0.1:${appPort}/redirect?to=${encodeURIComponent(to)}`;
      const err = await failure(safeFetch(url, base));
      expect(['invalid_url', 'unresolvable', 'private_address']).toContain(err.reason);
    }
    expect(sinkHits).toBe(0);
  });

  it('names the reasons: private address, unresolvable, invalid URL', async () => {
    expect((await failure(safeFetch(`http://127.0.0.1:${sinkPort}/`, base))).reason).toBe(
      'private_address',
    );
    expect((await failure(safeFetch('http://nothing-here.invalid/', base))).reason).toBe(
      'unresolvable',
    );
    expect((await failure(safeFetch('ftp://example.com/', base))).reason).toBe('invalid_url');
    expect(await checkHost('http://169.254.169.254/')).toEqual({
      ok: false,
      reason: 'private_address',
    });
    expect(await checkHost('http://nothing-here.invalid/')).toEqual({
      ok: false,
      reason: 'unresolvable',
    });
    expect(await checkHost('nope')).toEqual({ ok: false, reason: 'invalid_url' });
    for (const url of [
      `https://a@127.0.0.1:${sinkPort}/x`,
      `https://127.0.0.1:9443@127.0.0.1:${sinkPort}/`,
      `https://user:pass@[::1]:${sinkPort}/`,
    ]) {
      expect([url, (await failure(safeFetch(url, base))).reason]).toEqual([url, 'private_address']);
      expect([url, await checkHost(url)]).toEqual([url, { ok: false, reason: 'private_address' }]);
    }
    for (const url of ['https://a%40example.com/', 'https://example.com%3A443/']) {
      expect([url, (await failure(safeFetch(url, base))).reason]).toEqual([url, 'invalid_url']);
    }
    expect(sinkHits).toBe(0);
  });

  it('never sends user info to the host it allows', async () => {
    const res = await safeFetch(`http://user:pass@127.0.0.1:${appPort}/hello`, base);
    expect(res.status).toBe(200);
    expect(res.headers['x-seen-authorization']).toBe('');
    expect(res.url).toBe(`http://127.0.0.1:${appPort}/hello`);
  });
});

describe('trace context (issue 36 item 6)', () => {
  it('sends no traceparent, tracestate or baggage, whatever the caller passed, on every hop', async () => {
    const headers = {
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      TraceState: 'hc=internal',
      BAGGAGE: 'site=42',
      'x-kept': 'yes',
    };
    for (const url of [
      `http://127.0.0.1:${appPort}/trace`,
      `http://127.0.0.1:${appPort}/redirect?status=307&to=/trace`,
    ]) {
      const res = await safeFetch(url, { ...base, headers });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body.toString())).toEqual({
        traceparent: null,
        tracestate: null,
        baggage: null,
        other: 'yes',
      });
    }
  });
});

describe('the allow-list', () => {
  it('exempts a listed host:port from the private-address refusal, and only that port', async () => {
    const res = await safeFetch(`http://127.0.0.1:${appPort}/hello`, base);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello GET');
    expect(await checkHost(`http://127.0.0.1:${appPort}/`)).toEqual({
      ok: true,
      addresses: ['127.0.0.1'],
    });
    expect((await failure(safeFetch(`http://127.0.0.1:${sinkPort}/`, base))).reason).toBe(
      'private_address',
    );
  });

  it('keeps the host name for the Host header while connecting to the vetted address', async () => {
    // A name of our own that resolves to 127.0.0.1 (the app's address) whatever this machine's
    // resolver says about localhost: the host is looked up once, the connection goes to the
    // vetted address, and the request still names the host.
    const lookup = jest
      .spyOn(dns, 'lookup')
      .mockImplementation((async () => [{ address: '127.0.0.1', family: 4 }]) as never);
    try {
      allow(`app.hc.test:${appPort}`);
      const res = await safeFetch(`http://app.hc.test:${appPort}/hello`, base);
      expect(res.status).toBe(200);
      expect(res.headers['x-seen-host']).toBe(`app.hc.test:${appPort}`);
      expect(lookup.mock.calls.map(([host]) => host)).toEqual(['app.hc.test']);
    } finally {
      lookup.mockRestore();
    }
  });

  it('tries the next vetted address when the first one does not answer', async () => {
    // Resolver order first (IPv6 here, where nothing of ours listens), then the next address.
    const lookup = jest.spyOn(dns, 'lookup').mockImplementation((async () => [
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ]) as never);
    try {
      allow(`app.hc.test:${appPort}`);
      const res = await safeFetch(`http://app.hc.test:${appPort}/hello`, base);
      expect(res.headers['x-seen-host']).toBe(`app.hc.test:${appPort}`);
      expect(res.body.toString()).toBe('hello GET');
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('internal: where the fetcher connected (issue 34 item 6)', () => {
  it('marks an answer and a failure from an allow-listed address reached through an unlisted name', async () => {
    const lookup = jest
      .spyOn(dns, 'lookup')
      .mockImplementation((async () => [{ address: '127.0.0.1', family: 4 }]) as never);
    try {
      // Only the address is listed; the name is the caller's own.
      allow(`127.0.0.1:${appPort}`, `127.0.0.1:${sinkPort}`);
      const res = await safeFetch(`http://hooks.tenant.test:${appPort}/hello`, base);
      expect([res.status, res.internal]).toEqual([200, true]);
      const slow = await failure(
        safeFetch(`http://hooks.tenant.test:${appPort}/slow`, { ...base, timeoutMs: 100 }),
      );
      expect([slow.reason, slow.internal]).toEqual(['timeout', true]);
      const reset = await failure(safeFetch(`http://hooks.tenant.test:${sinkPort}/`, base));
      expect([reset.reason, reset.internal]).toEqual(['connection_failed', true]);
      // A listed name counts too, whatever it resolves to; a refusal before connecting does not.
      allow(`hooks.tenant.test:${appPort}`);
      expect((await safeFetch(`http://hooks.tenant.test:${appPort}/hello`, base)).internal).toBe(
        true,
      );
      const refused = await failure(safeFetch(`http://hooks.tenant.test:${sinkPort}/`, base));
      expect([refused.reason, refused.internal]).toEqual(['private_address', false]);
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('saveTo: the body streamed into a file (issue 34 item 6)', () => {
  it('writes the body to the file, not to memory, after redirects; the byte cap still holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-net-spec-'));
    try {
      const path = join(dir, 'body');
      const res = await safeFetch(`http://127.0.0.1:${appPort}/chain?n=1`, {
        ...base,
        saveTo: path,
      });
      expect([res.status, res.body.length, readFileSync(path, 'utf8')]).toEqual([
        200,
        0,
        'hello GET',
      ]);
      const big = await safeFetch(`http://127.0.0.1:${appPort}/big-stream`, {
        ...base,
        maxBytes: 4096,
        saveTo: path,
      });
      expect([big.body.length, readFileSync(path)]).toEqual([0, Buffer.alloc(1600, 1)]);
      const refused = await failure(
        safeFetch(`http://127.0.0.1:${appPort}/big-stream`, { ...base, saveTo: path }),
      );
      expect(refused.reason).toBe('too_large');
      expect(statSync(path).size).toBeLessThanOrEqual(base.maxBytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('redirects, deadline and byte cap', () => {
  it('follows redirects by hand and reports the final URL and count', async () => {
    const res = await safeFetch(`http://127.0.0.1:${appPort}/chain?n=2`, base);
    expect(res.status).toBe(200);
    expect(res.redirects).toBe(3);
    expect(res.url).toBe(`http://127.0.0.1:${appPort}/hello`);
  });

  it('fails with too_many_redirects past maxRedirects', async () => {
    const err = await failure(safeFetch(`http://127.0.0.1:${appPort}/chain?n=4`, base));
    expect(err.reason).toBe('too_many_redirects');
  });

  it('returns the 3xx itself when maxRedirects is 0', async () => {
    const res = await safeFetch(`http://127.0.0.1:${appPort}/redirect?to=/hello`, {
      ...base,
      maxRedirects: 0,
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/hello');
    expect(res.redirects).toBe(0);
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const to = encodeURIComponent('/echo');
    const post = { ...base, method: 'POST' as const, body: 'payload' };
    const a = await safeFetch(`http://127.0.0.1:${appPort}/redirect?status=303&to=${to}`, post);
    expect(a.body.toString()).toBe('GET ');
    const b = await safeFetch(`http://127.0.0.1:${appPort}/redirect?status=307&to=${to}`, post);
    expect(b.body.toString()).toBe('POST payload');
  });

  it('refuses http with requireHttps, for the URL and for a redirect target', async () => {
    const err = await failure(
      safeFetch(`http://127.0.0.1:${appPort}/hello`, { ...base, requireHttps: true }),
    );
    expect(err.reason).toBe('not_https');
  });

  it('fails with timeout when the whole exchange outlasts the deadline', async () => {
    const started = Date.now();
    const err = await failure(
      safeFetch(`http://127.0.0.1:${appPort}/slow`, { ...base, timeoutMs: 300 }),
    );
    expect(err.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails with too_large on a declared or a streamed body over the cap', async () => {
    expect((await failure(safeFetch(`http://127.0.0.1:${appPort}/big`, base))).reason).toBe(
      'too_large',
    );
    expect((await failure(safeFetch(`http://127.0.0.1:${appPort}/big-stream`, base))).reason).toBe(
      'too_large',
    );
  });

  it('fails with connection_failed when nothing answers', async () => {
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    allow(`127.0.0.1:${port}`);
    expect((await failure(safeFetch(`http://127.0.0.1:${port}/`, base))).reason).toBe(
      'connection_failed',
    );
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`http://127.0.0.1:${appPort}/slow`, {
      ...base,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).reason).toBe('connection_failed');
  });
});

describe('https', () => {
  it('rejects an untrusted certificate and accepts it once trusted through NODE_EXTRA_CA_CERTS', async () => {
    allow(`127.0.0.1:${tlsPort}`, `localhost:${tlsPort}`);
    delete process.env.NODE_EXTRA_CA_CERTS;
    const err = await failure(safeFetch(`https://127.0.0.1:${tlsPort}/`, base));
    expect(err.reason).toBe('connection_failed');
    process.env.NODE_EXTRA_CA_CERTS = cert.certPath;
    const res = await safeFetch(`https://127.0.0.1:${tlsPort}/`, { ...base, requireHttps: true });
    expect(res.body.toString()).toBe(`secure 127.0.0.1:${tlsPort}`);
  });

  it('refuses a redirect from https to http when requireHttps, and follows it otherwise', async () => {
    allow(`127.0.0.1:${tlsPort}`, `127.0.0.1:${appPort}`);
    process.env.NODE_EXTRA_CA_CERTS = cert.certPath;
    const err = await failure(
      safeFetch(`https://127.0.0.1:${tlsPort}/to-http`, { ...base, requireHttps: true }),
    );
    expect(err.reason).toBe('not_https');
    expect(err.url).toBe(`http://127.0.0.1:${appPort}/hello`);
    const res = await safeFetch(`https://127.0.0.1:${tlsPort}/to-http`, base);
    expect(res.body.toString()).toBe('hello GET');
  });
});

describe('connection reuse (keepAlive)', () => {
  afterEach(() => closeOutboundPools());

  /** An allow-listed local server that answers ok and counts the connections made to it. */
  async function countedServer() {
    let made = 0;
    const counted = http.createServer((_req, res) => res.end('ok'));
    counted.on('connection', () => made++);
    const port = await listen(counted);
    allow(`127.0.0.1:${port}`);
    return { counted, port, connections: () => made };
  }

  it('reuses one connection for several requests to the same vetted address', async () => {
    const { counted, port, connections } = await countedServer();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await safeFetch(`http://127.0.0.1:${port}/`, { ...base, keepAlive: true });
        expect(res.body.toString()).toBe('ok');
      }
      expect(connections()).toBe(1);
    } finally {
      closeOutboundPools();
      await new Promise((r) => counted.close(r));
    }
  });

  it('still vets the address before every request on a pooled connection', async () => {
    const { counted, port, connections } = await countedServer();
    try {
      await safeFetch(`http://127.0.0.1:${port}/`, { ...base, keepAlive: true });
      allow(); // the exemption is withdrawn: loopback is refused again
      const err = await failure(
        safeFetch(`http://127.0.0.1:${port}/`, { ...base, keepAlive: true }),
      );
      expect(err.reason).toBe('private_address');
      expect(connections()).toBe(1);
    } finally {
      closeOutboundPools();
      await new Promise((r) => counted.close(r));
    }
  });
});
