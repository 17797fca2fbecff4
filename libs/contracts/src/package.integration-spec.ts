import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Webhook } from 'standardwebhooks';

const ROOT = path.resolve(__dirname, '../../..');
const PACKAGES = [path.join(ROOT, 'libs/contracts'), path.join(ROOT, 'libs/client')];

/** npm or node in a folder; output as text (npm's config warnings go to stderr). */
function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Issue 21 item 5: `npm pack` in libs/contracts and libs/client gives packages another team
 * installs. The tarballs are packed (each prepack compiles JavaScript and .d.ts), installed into
 * an empty folder outside the repository, and called from plain Node and from TypeScript.
 */
describe('@hc/contracts and @hc/client as packed packages', () => {
  let dir: string;
  let consumer: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hc-packages-'));
    for (const pkg of PACKAGES) run('npm', ['pack', '--pack-destination', dir, '--silent'], pkg);
    const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    if (tarballs.length !== 2) throw new Error(`npm pack left ${tarballs} in ${dir}`);
    consumer = path.join(dir, 'consumer');
    run('mkdir', ['-p', consumer], dir);
    writeFileSync(
      path.join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
    );
    run(
      'npm',
      // The client's one dependency (openapi-fetch) comes from the npm cache when it is there.
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        ...tarballs.map((t) => path.join(dir, t)),
      ],
      consumer,
    );
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('verifies webhook signatures from plain JavaScript, constant-time, whole header', () => {
    const raw = '{"event":"article.updated","site_id":1,"data":{"type":"article","id":7}}';
    const secret = 'a-secret-of-24-characters';
    const header = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    writeFileSync(
      path.join(consumer, 'check.js'),
      `const c = require('@hc/contracts');
const [raw, header, secret] = process.argv.slice(2);
console.log(JSON.stringify({
  good: c.verifyWebhookSignature(raw, header, secret),
  buffer: c.verifyWebhookSignature(Buffer.from(raw), header, secret),
  tampered: c.verifyWebhookSignature(raw + ' ', header, secret),
  wrongSecret: c.verifyWebhookSignature(raw, header, secret + 'x'),
  upper: c.verifyWebhookSignature(raw, header.toUpperCase(), secret),
  bare: c.verifyWebhookSignature(raw, header.slice(7), secret),
  missing: c.verifyWebhookSignature(raw, undefined, secret),
  repeated: c.verifyWebhookSignature(raw, [header, header], secret),
  signed: c.signWebhookBody(raw, secret) === header,
  staleEtag: c.errorEntry(c.StagingErrorCode.StaleEtag).status,
  events: c.EVENT_NAMES.length,
}));`,
    );
    const out = JSON.parse(run('node', ['check.js', raw, header, secret], consumer));
    expect(out).toEqual({
      good: true,
      buffer: true,
      tampered: false,
      wrongSecret: false,
      upper: false,
      bare: false,
      missing: false,
      repeated: false,
      signed: true,
      staleEtag: 409,
      events: 9,
    });
  });

  it('verifies either scheme with the receiver kit from plain JavaScript (issue 23)', () => {
    const raw = '{"event":"article.updated","site_id":1,"data":{"type":"article","id":7}}';
    const secret = 'a-secret-of-24-characters';
    const whsec = `whsec_${Buffer.from(secret).toString('base64')}`;
    const now = new Date();
    const standard = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      // Signed by the reference implementation, not by the package under test.
      'webhook-signature': new Webhook(whsec).sign('msg_1', now, raw),
      'x-service-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
    };
    writeFileSync(
      path.join(consumer, 'kit.js'),
      `const c = require('@hc/contracts');
const [raw, headers, secret, whsec] = [process.argv[2], JSON.parse(process.argv[3]), process.argv[4], process.argv[5]];
const old = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 3600) };
const { 'x-service-signature': spec } = headers;
console.log(JSON.stringify({
  standard: c.verifyWebhookRequest(raw, headers, secret).scheme,
  whsecForm: c.verifyWebhookRequest(raw, headers, whsec).ok,
  secretForm: c.standardWebhookSecret(secret) === whsec,
  stale: c.verifyWebhookRequest(raw, old, secret).reason,
  tampered: c.verifyWebhookRequest(raw + ' ', headers, secret).ok,
  service: c.verifyWebhookRequest(raw, { 'X-Service-Signature': spec }, secret).ok,
  pinned: c.verifyWebhookRequest(raw, { 'x-service-signature': spec }, secret, { scheme: 'standard' }).ok,
}));`,
    );
    const out = JSON.parse(
      run('node', ['kit.js', raw, JSON.stringify(standard), secret, whsec], consumer),
    );
    expect(out).toEqual({
      standard: 'standard',
      whsecForm: true,
      secretForm: true,
      stale: 'timestamp_too_old',
      tampered: false,
      service: true,
      pinned: false,
    });
  });

  it('calls the API with the typed client from plain JavaScript', async () => {
    const seen: { method?: string; url?: string; apikey?: string; site?: string }[] = [];
    const server = createServer((req, res) => {
      seen.push({
        method: req.method,
        url: req.url,
        apikey: req.headers.apikey as string,
        site: req.headers['x-service-site'] as string,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'success', article: { id: 12 } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(
      path.join(consumer, 'client.js'),
      `const { createApiClient } = require('@hc/client');
const client = createApiClient({ origin: process.argv[2], apiKey: 'k-1', siteId: 3 });
client.GET('/v1/articles/{id}', { params: { path: { id: 12 } } })
  .then(({ data, response }) => console.log(JSON.stringify({ status: response.status, data })));`,
    );
    try {
      const { stdout } = await promisify(execFile)('node', ['client.js', origin], {
        cwd: consumer,
      });
      expect(JSON.parse(stdout)).toEqual({
        status: 200,
        data: { status: 'success', article: { id: 12 } },
      });
      expect(seen).toEqual([{ method: 'GET', url: '/v1/articles/12', apikey: 'k-1', site: '3' }]);
    } finally {
      server.close();
    }
  });

  it('ships declarations: a TypeScript receiver type-checks against the installed package', () => {
    writeFileSync(
      path.join(consumer, 'receiver.ts'),
      `import { createApiClient } from '@hc/client';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type WebhookBody } from '@hc/contracts';
export const read = (id: number) =>
  createApiClient({ origin: 'https://api.example' }).GET('/v1/articles/{id}', {
    params: { path: { id } },
  });
export function receive(raw: string, headers: Record<string, string>, secret: string): string {
  if (!verifyWebhookSignature(raw, headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()], secret)) return 'refused';
  const body = JSON.parse(raw) as WebhookBody;
  return body.data.type === 'article' ? body.data.visibility : body.event;
}
`,
    );
    writeFileSync(
      path.join(consumer, 'broken.ts'),
      `import { verifyWebhookSignature } from '@hc/contracts';
export const ok: string = verifyWebhookSignature('{}', 'sha256=0', 's');
import { createApiClient } from '@hc/client';
export const typo = createApiClient({ origin: 'https://api.example' }).GET('/v1/articlez', {});
`,
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = [
      '--noEmit',
      '--strict',
      '--module',
      'commonjs',
      '--moduleResolution',
      'node',
      '--target',
      'es2022',
      '--types',
      'node',
      '--typeRoots',
      path.join(ROOT, 'node_modules/@types'),
    ];
    // One compiler run over both files: the receiver compiles, and the declarations are real
    // (a wrong use fails), so the only error is the one in broken.ts.
    let output = '';
    try {
      run('node', [tsc, ...flags, 'receiver.ts', 'broken.ts'], consumer);
    } catch (err) {
      output = String((err as { stdout?: string }).stdout);
    }
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toEqual([
      expect.stringMatching(/^broken\.ts\(2,14\): error TS2322/),
      expect.stringMatching(/^broken\.ts\(4,\d+\): error TS\d+: .*articlez/),
    ]);
  });

  /** Issue 36 item 9: tsc over `files` in the consumer; the `error TS` lines it prints. */
  function compileErrors(flags: string[], files: string[]): string[] {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const common = ['--noEmit', '--strict', '--target', 'es2022', '--types', 'node'];
    const roots = ['--typeRoots', path.join(ROOT, 'node_modules/@types')];
    try {
      run('node', [tsc, ...common, ...roots, ...flags, ...files], consumer);
      return [];
    } catch (err) {
      const out = String((err as { stdout?: string }).stdout);
      return out.split('\n').filter((line) => line.includes('error TS'));
    }
  }

  /** A consumer's use of both packages, and two wrong uses that must fail to compile. */
  const USE = `import { createApiClient, type ApiClient, type WebhookBodyOf } from '@hc/client';
import { EVENT_NAMES, verifyWebhookSignature, type WebhookBody } from '@hc/contracts';
export const client: ApiClient = createApiClient({ origin: 'https://api.example' });
export const ok: boolean = verifyWebhookSignature('{}', 'sha256=0', 's');
export const events: readonly string[] = EVENT_NAMES;
export const kind = (body: WebhookBody) => body.data.type;
export const read = (id: number) => client.GET('/v1/articles/{id}', { params: { path: { id } } });
export const visibility = (body: WebhookBodyOf<'article.updated'>): 'public' | 'link_only' | 'private' =>
  body.data.visibility;
`;
  const WRONG = `import { createApiClient, type WebhookBodyOf } from '@hc/client';
export const typo = createApiClient({ origin: 'https://api.example' }).GET('/v1/articlez', {});
export const site = (body: WebhookBodyOf<'site.updated'>) => body.data.slug;
`;
  // A file inside the package that its exports map does not name.
  const DEEP = `import { signWebhookBody } from '@hc/contracts/dist/webhook-signature';
export const sign = signWebhookBody;
`;

  it('type-checks under node16 resolution, ESM and CommonJS, through the exports maps', () => {
    writeFileSync(path.join(consumer, 'use.mts'), USE);
    writeFileSync(path.join(consumer, 'use.cts'), USE);
    writeFileSync(path.join(consumer, 'wrong.mts'), WRONG);
    writeFileSync(path.join(consumer, 'deep.mts'), DEEP);
    const errors = compileErrors(
      ['--module', 'node16', '--moduleResolution', 'node16'],
      ['use.mts', 'use.cts', 'wrong.mts', 'deep.mts'],
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^deep\.mts\(1,\d+\): error TS2307: .*@hc\/contracts\/dist\/webhook-signature/,
      ),
      expect.stringMatching(/^wrong\.mts\(2,\d+\): error TS\d+: .*articlez/),
      expect.stringMatching(/^wrong\.mts\(3,\d+\): error TS2339: .*'slug'/),
    ]);
  });

  it('type-checks under bundler resolution through the exports maps', () => {
    writeFileSync(path.join(consumer, 'use-bundler.ts'), USE);
    writeFileSync(path.join(consumer, 'wrong-bundler.ts'), WRONG);
    writeFileSync(path.join(consumer, 'deep-bundler.ts'), DEEP);
    const errors = compileErrors(
      ['--module', 'esnext', '--moduleResolution', 'bundler'],
      ['use-bundler.ts', 'wrong-bundler.ts', 'deep-bundler.ts'],
    );
    expect(errors).toEqual([
      expect.stringMatching(/^deep-bundler\.ts\(1,\d+\): error TS2307/),
      expect.stringMatching(/^wrong-bundler\.ts\(2,\d+\): error TS\d+: .*articlez/),
      expect.stringMatching(/^wrong-bundler\.ts\(3,\d+\): error TS2339: .*'slug'/),
    ]);
  });

  it('gives an ES module consumer the named exports at run time, and the envelope schema', () => {
    writeFileSync(
      path.join(consumer, 'named.mjs'),
      `import { createApiClient } from '@hc/client';
import { EVENT_NAMES, signWebhookBody } from '@hc/contracts';
import { createRequire } from 'node:module';
const schema = createRequire(import.meta.url)('@hc/contracts/schemas/event-envelope.v1.json');
console.log(JSON.stringify({
  client: typeof createApiClient,
  events: EVENT_NAMES.length,
  sign: signWebhookBody('{}', 's').startsWith('sha256='),
  schema: schema.title,
}));`,
    );
    expect(JSON.parse(run('node', ['named.mjs'], consumer))).toEqual({
      client: 'function',
      events: 9,
      sign: true,
      schema: 'Help center event envelope, version 1',
    });
  });
});
