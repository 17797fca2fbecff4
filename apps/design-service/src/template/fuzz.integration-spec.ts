// Issue #16 item 5: generated design batches, many hostile, against the running design service.
// No 5xx, a spec body shape, the draft untouched on refusal. Seeded (printed), time-bounded.
import fc from 'fast-check';
import {
  fuzzEndpoint,
  fuzzSeed,
  hostileBody,
  hostileValue,
  json,
  startTestApp,
  TestApp,
  TestSite,
  type Json,
} from '@hc/testing';
import { createDesignService } from '../app.factory';
import { OPERATION_FIELDS } from '../testing/operation-fields';

const seed = fuzzSeed('design-service');

/** The fields a hostile operation is made of: `op` and every field some operation reads. */
const OP_FIELDS = ['op', ...OPERATION_FIELDS];

const plausibleOp: fc.Arbitrary<Json> = json(
  fc.oneof(
    fc.record({
      op: fc.constant('set'),
      path: fc.constantFrom('brand.name', 'meta.title', 'theme.colors.primary', 'theme.density'),
      value: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('#112233'), fc.constant(null)),
    }),
    fc.record({
      op: fc.constant('add_component'),
      page: fc.constantFrom('home', 'article', 'nowhere'),
      region: fc.constantFrom('main', 'sidebar', 'header'),
      type: fc.constantFrom('RichText', 'Hero', 'Container', 'Unknown'),
      index: fc.integer({ min: -1, max: 5 }),
    }),
    fc.record({
      op: fc.constant('add_css'),
      css: fc.string({ maxLength: 40 }),
      label: fc.string(),
    }),
    fc.record({
      op: fc.constant('set_navigation'),
      items: fc.array(fc.record({ label: fc.string(), href: fc.constantFrom('/', 'x') })),
    }),
    fc.record({ op: fc.constantFrom('remove_component', 'remove_css'), id: fc.string() }),
  ),
);

const operation = fc.oneof(
  { weight: 2, arbitrary: plausibleOp },
  { weight: 1, arbitrary: hostileValue(OP_FIELDS, 2) },
);

describe('fuzz: PATCH /template/draft (issue #16)', () => {
  let t: TestApp;
  let key: string;
  let site: TestSite;

  beforeAll(async () => {
    t = await startTestApp(createDesignService);
    site = await t.factory.site({ name: 'Fuzz' });
    key = await t.factory.key(site, { design: true });
    expect((await t.request('GET', '/v1/template', { key })).status).toBe(200); // the draft
  });
  afterAll(() => t.close());

  it('answers every generated batch in a spec shape, never 5xx, draft untouched on refusal', async () => {
    let sent = 0;
    await fuzzEndpoint(
      seed,
      hostileBody({
        operations: fc.array(operation, { maxLength: 4 }).map((ops) => `[${ops.join(',')}]`),
        etag: json(fc.constantFrom('"d1-1"', 'x')),
      }),
      {
        send: async (body) => {
          // A fresh key every 100 batches: the fuzz measures answers, not the write limit.
          if (++sent % 100 === 0) key = await t.factory.key(site, { design: true });
          return t.request('PATCH', '/v1/template/draft', {
            key,
            raw: body,
            headers: { 'content-type': 'application/json' },
          });
        },
        stored: () => t.ds.query('CHECKSUM TABLE design_sites, design_versions'),
        ok: [200],
      },
      { runs: 120, timeLimitMs: 6_000 },
    );
  });
});
