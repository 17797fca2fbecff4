import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const PACKAGE_DIR = path.join(ROOT, 'libs/contracts');

/** npm or node in a folder; output as text (npm's config warnings go to stderr). */
function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Issue 21 item 5: `npm pack` in libs/contracts gives a package another team installs. The
 * tarball is packed (its prepack compiles JavaScript and .d.ts), installed into an empty folder
 * outside the repository, and called from plain Node and from TypeScript.
 */
describe('@hc/contracts as a packed package', () => {
  let dir: string;
  let consumer: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hc-contracts-'));
    run('npm', ['pack', '--pack-destination', dir, '--silent'], PACKAGE_DIR);
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack left no tarball in ${dir}`);
    consumer = path.join(dir, 'consumer');
    run('mkdir', ['-p', consumer], dir);
    writeFileSync(
      path.join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
    );
    run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', path.join(dir, tarball)],
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

  it('ships declarations: a TypeScript receiver type-checks against the installed package', () => {
    writeFileSync(
      path.join(consumer, 'receiver.ts'),
      `import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type WebhookBody } from '@hc/contracts';
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
    expect(errors).toEqual([expect.stringMatching(/^broken\.ts\(2,14\): error TS2322/)]);
  });
});
