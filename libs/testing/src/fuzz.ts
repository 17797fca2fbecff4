// Property-based fuzzing of write endpoints (issue #16 item 5): generated JSON bodies, many of
// them hostile, sent to a running service. Seeded; the seed is printed so a failure replays with
// HC_TEST_FUZZ_SEED=<seed>.
import fc from 'fast-check';
import type { TestResponse } from './test-app';

/** A JSON text built piece by piece, so duplicate and prototype keys survive serialization. */
export type Json = string;

/** One seed per test file: HC_TEST_FUZZ_SEED, else the clock. Printed either way. */
export function fuzzSeed(label: string): number {
  const raw = process.env.HC_TEST_FUZZ_SEED;
  const seed = raw && /^-?\d+$/.test(raw) ? Number(raw) : Date.now() % 2_147_483_647;
  process.stderr.write(`fuzz ${label}: seed ${seed} (replay with HC_TEST_FUZZ_SEED=${seed})\n`);
  return seed;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

const text = (s: string): Json => JSON.stringify(s);

/** Scalars a hostile client sends: odd numbers, odd strings, wrong types. */
export const hostileScalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-0',
    '-1',
    '1e400',
    '-1e400',
    '1e-400',
    '123456789012345678901234567890',
    '9007199254740993',
    '-9223372036854775809',
    '0.5',
    '""',
    '"   "',
    '"\\u0000"',
    '"\\ud800"',
    '"a\\udc00b"',
    '"\\udc00\\ud800"',
    '"<script>alert(1)</script>"',
    '"../../etc/passwd"',
    '"%00"',
    '"1"',
    '"true"',
    '"https://127.0.0.1/x"',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.string({ maxLength: 40 }).map(text),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(text),
  // Text around a lone surrogate half: valid JSON (escaped), no UTF-8 text (issue 34 item 7).
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.string({ maxLength: 10 }),
    )
    .map(([a, half, b]) => text(`${a}${String.fromCharCode(half)}${b}`)),
  fc.integer({ min: 192, max: 70_000 }).map((n) => text('x'.repeat(n))),
);

/** An object text from entries: keys may repeat, prototype keys may appear. */
export function objectText(entries: Array<[string, Json]>): Json {
  return `{${entries.map(([k, v]) => `${text(k)}:${v}`).join(',')}}`;
}

/** Any JSON value, nested up to `depth`, with keys from `keys` and prototype keys. */
export function hostileValue(keys: string[], depth = 3): fc.Arbitrary<Json> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const { value } = fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: depth },
      hostileScalar,
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(objectText),
    ),
  }));
  return value;
}

/**
 * A body for an endpoint: each field absent, a plausible value or a hostile one; sometimes a
 * prototype key or a duplicate key besides; sometimes not an object at all.
 */
export function hostileBody(fields: Record<string, fc.Arbitrary<Json>>): fc.Arbitrary<Json> {
  const names = Object.keys(fields);
  const anyValue = hostileValue(names);
  const field = (name: string) =>
    fc.option(
      fc.oneof({ weight: 4, arbitrary: fields[name] }, { weight: 1, arbitrary: anyValue }),
      { nil: undefined },
    );
  const extras = fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, ...names), anyValue), {
    maxLength: 2,
  });
  const object = fc
    .tuple(fc.tuple(...names.map(field)), extras)
    .map(([values, extra]) =>
      objectText([
        ...names.flatMap((n, i): Array<[string, Json]> =>
          values[i] === undefined ? [] : [[n, values[i] as Json]],
        ),
        ...extra,
      ]),
    );
  return fc.oneof({ weight: 8, arbitrary: object }, { weight: 1, arbitrary: anyValue });
}

/** JSON text for a plain value (the plausible side of a field). */
export const json = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<Json> =>
  arb.map((v) => JSON.stringify(v));

/** The error shapes of spec 7: (a)–(f), and 500's {message, error_id}. */
export function isSpecErrorShape(status: number, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  const str = (v: unknown) => typeof v === 'string';
  const fieldErrors = (e: unknown) =>
    !!e &&
    typeof e === 'object' &&
    Object.values(e).every((list) => Array.isArray(list) && list.length > 0);
  if (status === 500) return str(b.message) && str(b.error_id);
  if (status === 429 && (b.message === 'Too Many Attempts.' || str(b.error))) return true; // (e)
  if (b.status === 'error') return str(b.code) || str(b.message);
  if (b.status === 'validation_error') return str(b.message) && fieldErrors(b.errors);
  if (b.status === undefined && str(b.message) && b.errors !== undefined) return true; // (c)
  if (str(b.error) && str(b.error_description)) return true; // (f)
  return false;
}

export interface FuzzCase {
  /** The request body as sent. */
  text: Json;
  /** The body as the server reads it (last duplicate wins, prototype keys dropped). */
  parsed: unknown;
}

/** The server's reading of a body text, for deciding whether a 500 is one the spec orders. */
export function parseLikeServer(body: Json): unknown {
  try {
    return JSON.parse(body, (k, v: unknown) => (PROTOTYPE_KEYS.includes(k) ? undefined : v));
  } catch {
    return undefined;
  }
}

export interface FuzzTarget {
  send(body: Json): Promise<TestResponse>;
  /** Rows (or a fingerprint) that a refused request must leave unchanged. */
  stored(): Promise<unknown>;
  /** A 500 the spec orders for this body (spec 7); every other 5xx fails. */
  deliberate500?(parsed: unknown): boolean;
  /** Success statuses (a refusal is anything else). */
  ok: number[];
  /** A success body's shape (default spec 4.1 rule 5: `status` = `success`). */
  success?(body: unknown): boolean;
}

/**
 * Runs `runs` generated bodies (stopping early after `timeLimitMs`) against `target`: no 5xx
 * except deliberate ones, a spec body shape, nothing stored on refusal.
 */
export async function fuzzEndpoint(
  seed: number,
  body: fc.Arbitrary<Json>,
  target: FuzzTarget,
  { runs = 60, timeLimitMs = 4_000 } = {},
): Promise<void> {
  const statuses: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(body, async (text) => {
      const before = await target.stored();
      const res = await target.send(text);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const parsed = parseLikeServer(text);
      const deliberate = res.status === 500 && (target.deliberate500?.(parsed) ?? false);
      if (res.status >= 500 && !deliberate)
        throw new Error(`${res.status} for ${text.slice(0, 300)}: ${res.text.slice(0, 300)}`);
      const refused = !target.ok.includes(res.status);
      const success =
        target.success ?? ((b: unknown) => (b as { status?: unknown })?.status === 'success');
      if (!refused && !success(res.body))
        throw new Error(`success shape of ${res.status} for ${text.slice(0, 300)}: ${res.text}`);
      if (refused && !isSpecErrorShape(res.status, res.body))
        throw new Error(`shape of ${res.status} for ${text.slice(0, 300)}: ${res.text}`);
      if (refused) {
        const after = await target.stored();
        if (JSON.stringify(after) !== JSON.stringify(before))
          throw new Error(`stored on a ${res.status} for ${text.slice(0, 300)}`);
      }
      if (({} as Record<string, unknown>).polluted !== undefined)
        throw new Error('Object.prototype polluted');
    }),
    { seed, numRuns: runs, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: false },
  );
  process.stderr.write(`  answers: ${JSON.stringify(statuses)}\n`);
  // The time limit ends a run early on a loaded machine; one that checked no body checked nothing.
  expect(Object.values(statuses).reduce((n, c) => n + c, 0)).toBeGreaterThan(0);
}
