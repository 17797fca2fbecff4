import { htmlNotFound, notFound } from '@hc/contracts';
import { IdPipe, MAX_ID, parseId } from './id.pipe';

describe('IdPipe (one parser for every {id} path parameter)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(MAX_ID), MAX_ID],
    ['0000000007', 7],
  ])('reads %s as %i', (raw, id) => {
    expect(parseId(raw)).toBe(id);
    expect(new IdPipe(() => new Error('unreachable')).transform(raw)).toBe(id);
  });

  it.each(['', '0', '-1', '1.5', '1e3', ' 1', 'abc', '12345678901', String(MAX_ID + 1), '0x10'])(
    'refuses %j with the route’s own not-found error',
    (raw) => {
      expect(parseId(raw)).toBeNull();
      const json = new IdPipe(() => notFound('Article not found.'));
      expect(() => json.transform(raw)).toThrow(
        expect.objectContaining({
          status: 404,
          body: expect.objectContaining({ code: 'not_found' }),
        }),
      );
      const html = new IdPipe(htmlNotFound);
      expect(() => html.transform(raw)).toThrow(expect.objectContaining({ rendering: 'html' }));
    },
  );

  it('refuses values that are not strings (arrays, objects, numbers)', () => {
    for (const raw of [['1'], { 0: '1' }, 1, undefined, null]) expect(parseId(raw)).toBeNull();
  });
});
