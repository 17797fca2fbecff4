import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 35 item 6: services return domain values (the object, the list with its meta, a
 * `{ message }`); the controller alone adds the `{ status: 'success', … }` envelope, through
 * `wrapSuccess` of @hc/http. This scan fails when any other file under apps/<app>/src builds
 * `status: 'success'`. Tests and the OpenAPI answer tables and schemas (`*.responses.ts`,
 * `*.schema.ts`: documentation, examples included) are excepted.
 */
const ROOT = path.resolve(__dirname, '../..');
const ENVELOPE = /\bstatus:\s*['"]success['"]/;
const EXCEPTED = /(\.controller|\.spec|\.integration-spec|\.e2e-spec|\.responses|\.schema)\.tsx?$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function offenders(): string[] {
  const apps = path.join(ROOT, 'apps');
  return fs
    .readdirSync(apps)
    .map((app) => path.join(apps, app, 'src'))
    .filter((src) => fs.existsSync(src))
    .flatMap(sources)
    .filter((file) => !EXCEPTED.test(file))
    .filter((file) => ENVELOPE.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
    .sort();
}

describe('the success envelope is added by controllers only (issue 35 item 6)', () => {
  it('no service, worker or CLI file under apps/*/src builds status: success', () => {
    expect(offenders()).toEqual([]);
  });

  it('recognises the envelope it refuses', () => {
    expect(ENVELOPE.test("return { status: 'success', data };")).toBe(true);
    expect(ENVELOPE.test('status: "success",')).toBe(true);
    expect(ENVELOPE.test("status: results.some(rejected) ? 'partial' : 'success'")).toBe(false);
    expect(EXCEPTED.test('apps/x/src/a/a.controller.ts')).toBe(true);
    expect(EXCEPTED.test('apps/x/src/a/a.service.ts')).toBe(false);
    expect(EXCEPTED.test('apps/x/src/a/a.schema.ts')).toBe(true);
    expect(EXCEPTED.test('apps/x/src/a/a.responses.ts')).toBe(true);
  });
});
