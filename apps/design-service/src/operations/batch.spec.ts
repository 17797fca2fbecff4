import { buildDocument } from '../themes/apply';
import { findTheme } from '../themes/themes';
import { OPERATION_FIELDS } from '../testing/operation-fields';
import { BatchError, OPERATIONS, runBatch } from './batch';

/** Caller mistakes never become a 500: every odd input is refused as template_invalid. */
describe('runBatch refuses odd input without crashing', () => {
  const doc = buildDocument(findTheme('classic')!, 'Fuzz');
  const oddValues: unknown[] = [
    null,
    true,
    0,
    -1,
    1.5,
    99999,
    '',
    ' ',
    'home',
    'x'.repeat(300),
    [],
    [1],
    {},
    { a: 1 },
    ['home'],
  ];
  // A field of another operation now and then: every field any operation reads.
  const fields = OPERATION_FIELDS;

  it.each(Object.keys(OPERATIONS))('%s', (op) => {
    const spec = OPERATIONS[op];
    const allowed = [...spec.required, ...spec.optional];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const operation: Record<string, unknown> = { op };
      for (const f of allowed) if (rand(3) > 0) operation[f] = oddValues[rand(oddValues.length)];
      if (rand(10) === 0)
        operation[fields[rand(fields.length)]] = oddValues[rand(oddValues.length)];
      try {
        runBatch(doc, {}, [operation]);
      } catch (err) {
        if (!(err instanceof BatchError))
          throw new Error(`${JSON.stringify(operation)} crashed: ${String(err)}`);
        for (const e of err.errors) expect(typeof e.message).toBe('string');
      }
    }
  });
});
