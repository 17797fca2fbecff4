import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { loadSettings } from '@hc/contracts';
import { S3ImageStorage } from './s3-image.storage';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('S3ImageStorage against an S3-compatible endpoint', () => {
  let server: http.Server;
  let endpoint: string;
  const seen: Seen[] = [];
  let refuse = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        if (refuse) {
          res.statusCode = 403;
          res.setHeader('content-type', 'application/xml');
          res.end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
          return;
        }
        res.statusCode = req.method === 'DELETE' ? 204 : 200;
        res.setHeader('etag', '"abc"');
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  function storage() {
    const config = loadSettings({
      HC_IMAGE_STORAGE: 's3',
      HC_S3_BUCKET: 'hc-images',
      HC_S3_ENDPOINT: endpoint,
      HC_S3_FORCE_PATH_STYLE: 'true',
      HC_S3_PUBLIC_URL: 'https://cdn.example.com/images/',
    }).imageStorage;
    if (config.driver !== 's3') throw new Error('expected s3 settings');
    const client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    });
    return new S3ImageStorage(config, client);
  }

  it('puts the bytes unchanged under the key, with the content type, and deletes them', async () => {
    const s = storage();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const key = '00000000-0000-0000-0000-000000000000/0123456789abcdef0123456789abcdef.png';
    await s.put(key, bytes, 'image/png');
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.url.split('?')[0]).toBe(`/hc-images/${key}`);
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.body.equals(bytes)).toBe(true);
    await s.delete(key);
    expect(
      seen.some((r) => r.method === 'DELETE' && r.url.split('?')[0] === `/hc-images/${key}`),
    ).toBe(true);
    expect(s.urlFor(key)).toBe(`https://cdn.example.com/images/${key}`);
    expect(s.owns(`https://cdn.example.com/images/${key}`)).toBe(true);
    expect(s.owns('https://elsewhere.example.com/x.png')).toBe(false);
  });

  it('rejects when the bucket refuses, so the caller answers storage_failed', async () => {
    refuse = true;
    try {
      await expect(
        storage().put(
          '00000000-0000-0000-0000-000000000000/0123456789abcdef0123456789abcdef.png',
          Buffer.from('x'),
          'image/png',
        ),
      ).rejects.toThrow();
    } finally {
      refuse = false;
    }
  });

  it('is selected by settings; local is the default', () => {
    expect(loadSettings({}).imageStorage).toEqual({ driver: 'local' });
    expect(() => loadSettings({ HC_IMAGE_STORAGE: 's3' })).toThrow('HC_S3_BUCKET');
    expect(
      loadSettings({ HC_IMAGE_STORAGE: 's3', HC_S3_BUCKET: 'b', HC_S3_REGION: 'eu-west-1' })
        .imageStorage,
    ).toEqual({
      driver: 's3',
      bucket: 'b',
      region: 'eu-west-1',
      endpoint: null,
      publicUrl: 'https://b.s3.eu-west-1.amazonaws.com',
      forcePathStyle: false,
    });
  });
});
