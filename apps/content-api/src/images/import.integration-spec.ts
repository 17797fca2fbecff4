import * as net from 'node:net';
import { expectReusedImage } from '@hc/testing';
import type { TestApp } from '@hc/testing';
import { importLimits } from './image-rules';
import {
  makeImage,
  SVG,
  form,
  redirect,
  send,
  startImportApp,
  type ImageServer,
} from './testing/image-fixtures';

const IMPORT_FAILED = 'The image at source_url could not be imported.';

describe('images: import from an address (spec 4.7 import rules)', () => {
  let t: TestApp;
  let server: ImageServer;
  let stop: () => Promise<void>;
  let key: string, png: Buffer, gif: Buffer;
  let sinkHits = 0;
  const authSeen: string[] = [];
  let sink: net.Server;
  let sinkPort: number;
  const saved = { ...importLimits };

  beforeAll(async () => {
    png = await makeImage('png', 11);
    gif = await makeImage('gif', 12);
    sink = net.createServer((s) => {
      sinkHits++;
      s.destroy();
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    sinkPort = (sink.address() as net.AddressInfo).port;
    ({ server, t, key, stop } = await startImportApp({
      '/pictures/Sunset.jpeg': send(png, 'image/jpeg'),
      '/gif': send(gif, 'text/plain'),
      '/auth-seen.png': (req, res) => {
        authSeen.push(req.headers.authorization ?? '');
        send(png, 'image/png')(req, res);
      },
      '/pictures/': send(png),
      '/svg.png': send(SVG, 'image/png'),
      '/text': send('hello', 'image/png'),
      '/missing.png': send('no', 'text/plain', 404),
      '/error.png': send('oops', 'text/plain', 503),
      '/r1': redirect('/r2'),
      '/r2': redirect('/r3'),
      '/r3': redirect('/r4'),
      '/r4': redirect('/pictures/Sunset.jpeg'),
      '/r0': redirect('/r1'),
      '/to-http': redirect('http://127.0.0.1/pic.png'),
      '/to-private': redirect(`https://127.0.0.1:${1}/x.png`),
      '/to-sink': (_req, res) => {
        res.statusCode = 302;
        res.setHeader('location', `https://127.0.0.1:${sinkPort}/x.png`);
        res.end();
      },
      '/huge': (_req, res) => {
        res.setHeader('content-type', 'image/png');
        res.setHeader('content-length', String(10_485_761));
        res.write(png);
        res.end(Buffer.alloc(10_485_761 - png.length));
      },
      '/huge-stream': (_req, res) => {
        res.setHeader('content-type', 'image/png');
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const push = () => {
          while (sent < 11 && res.write(chunk)) sent++;
          if (sent < 11) res.once('drain', push);
          else res.end();
        };
        res.write(png);
        push();
      },
      '/slow.png': (_req, res) => {
        res.setHeader('content-type', 'image/png');
        res.write(png.subarray(0, 10));
        setTimeout(() => res.end(png.subarray(10)), 5_000).unref();
      },
    }));
  });
  afterAll(async () => {
    Object.assign(importLimits, saved);
    await stop();
    await new Promise((r) => sink.close(r));
  });

  const importUrl = (url: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/v1/images', { key, body: { source_url: url, ...extra } });

  it('imports over https (JSON body): 201, filename = last path segment with the detected extension', async () => {
    const res = await importUrl(`${server.origin}/pictures/Sunset.jpeg?size=large`, {
      alt_text: 'Sunset',
    });
    expect(res.status).toBe(201);
    expect(res.body.reused).toBe(false);
    expect(res.body.image).toMatchObject({
      filename: 'Sunset.png',
      mime_type: 'image/png',
      size: png.length,
    });
    expect(res.body.image.snippets.html).toBe(`<img src="${res.body.image.url}" alt="Sunset">`);
    const served = await fetch(`${t.url}${new URL(res.body.image.url).pathname}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('reads the type from the bytes, not the Content-Type; a bare path gets image.<ext>', async () => {
    const res = await importUrl(`${server.origin}/gif`);
    expect(res.status).toBe(201);
    expect(res.body.image).toMatchObject({ filename: 'gif.gif', mime_type: 'image/gif' });
  });

  it('import and upload of the same bytes are one image', async () => {
    const other = await t.factory.site();
    const otherKey = await t.factory.key(other);
    const up = await t.request('POST', '/v1/images', {
      key: otherKey,
      raw: form([['file', { data: png, name: 'mine.png' }]]),
    });
    expect(up.status).toBe(201);
    const imported = await t.request('POST', '/v1/images', {
      key: otherKey,
      raw: form([['source_url', `${server.origin}/pictures/Sunset.jpeg`]]),
    });
    expectReusedImage(imported, {
      id: up.body.image.id,
      filename: 'mine.png',
      url: up.body.image.url,
    });
    const copy = await t.request('POST', '/v1/images', {
      key: otherKey,
      body: { source_url: `${server.origin}/pictures/Sunset.jpeg`, dedupe: false },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.image.id).not.toBe(up.body.image.id);
  });

  it('imports from the real host behind user info and never sends the user info', async () => {
    const res = await importUrl(`https://user:pass@127.0.0.1:${server.port}/auth-seen.png`, {
      dedupe: false,
    });
    expect(res.status).toBe(201);
    expect(authSeen).toEqual(['']);
  });

  it('follows up to 4 redirects', async () => {
    const res = await importUrl(`${server.origin}/r1`, { dedupe: false });
    expect(res.status).toBe(201);
    expect(res.body.image.filename).toBe('r1.png');
  });

  it.each([
    ['more than 4 redirects', () => `${server.origin}/r0`, 'redirected more than 4 times'],
    [
      'a redirect to http',
      () => `${server.origin}/to-http`,
      'redirected to an address that is not https',
    ],
    [
      'a host that does not resolve',
      () => 'https://no-such-host.invalid/a.png',
      'host could not be resolved',
    ],
    [
      'a private address',
      () => 'https://10.1.2.3/a.png',
      'host resolves to a private or reserved address',
    ],
    [
      'a loopback port not on the allow-list',
      () => `https://127.0.0.1:${sinkPort}/a.png`,
      'host resolves to a private or reserved address',
    ],
    [
      'a redirect to a private address',
      () => `${server.origin}/to-sink`,
      'host resolves to a private or reserved address',
    ],
    [
      'user info in front of a loopback host',
      () => `https://a@127.0.0.1:${sinkPort}/a.png`,
      'host resolves to a private or reserved address',
    ],
    [
      'a port-like user info in front of a loopback host',
      () => `https://127.0.0.1:9443@127.0.0.1:${sinkPort}/a.png`,
      'host resolves to a private or reserved address',
    ],
    [
      'user and password in front of IPv6 loopback',
      () => `https://user:pass@[::1]:${sinkPort}/a.png`,
      'host resolves to a private or reserved address',
    ],
    [
      'an ISATAP address embedding loopback',
      () => `https://[::5efe:127.0.0.1]:${sinkPort}/a.png`,
      'host resolves to a private or reserved address',
    ],
    [
      'a 6to4 address',
      () => 'https://[2002:808:808::1]/a.png',
      'host resolves to a private or reserved address',
    ],
    [
      'a localhost name',
      () => `https://localhost:${sinkPort}/a.png`,
      'host resolves to a private or reserved address',
    ],
    ['HTTP 404', () => `${server.origin}/missing.png`, 'image returned HTTP 404'],
    ['HTTP 503', () => `${server.origin}/error.png`, 'image returned HTTP 503'],
    ['an SVG', () => `${server.origin}/svg.png`, 'not a JPEG, PNG, GIF or WebP image'],
    ['text', () => `${server.origin}/text`, 'not a JPEG, PNG, GIF or WebP image'],
    [
      'a declared body over 10 MB',
      () => `${server.origin}/huge`,
      'larger than the 10485760-byte limit',
    ],
    [
      'a streamed body over 10 MB',
      () => `${server.origin}/huge-stream`,
      'larger than the 10485760-byte limit',
    ],
  ])('refuses %s: 422 with the reason under errors.source_url', async (_, url, reason) => {
    const before = (await t.ds.query('SELECT COUNT(*) AS n FROM images'))[0].n;
    const res = await importUrl(url());
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'validation_error',
      message: IMPORT_FAILED,
      errors: { source_url: [reason] },
    });
    expect((await t.ds.query('SELECT COUNT(*) AS n FROM images'))[0].n).toBe(before);
    expect(sinkHits).toBe(0);
  });

  it('gives up when the download outlasts its time: could not be downloaded in time', async () => {
    // Spec: 15 s per download; shortened here so the test stays quick.
    expect(saved.timeoutMs).toBe(15_000);
    importLimits.timeoutMs = 700;
    try {
      const started = Date.now();
      const res = await importUrl(`${server.origin}/slow.png`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ source_url: ['could not be downloaded in time'] });
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      importLimits.timeoutMs = saved.timeoutMs;
    }
  });

  it('does not trust a certificate outside NODE_EXTRA_CA_CERTS', async () => {
    const ca = process.env.NODE_EXTRA_CA_CERTS;
    delete process.env.NODE_EXTRA_CA_CERTS;
    try {
      const res = await importUrl(`${server.origin}/pictures/Sunset.jpeg`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ source_url: ['could not connect to the host'] });
    } finally {
      process.env.NODE_EXTRA_CA_CERTS = ca;
    }
  });
});
