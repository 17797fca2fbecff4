import { FORM_STEM, FORM_WORD } from '@hc/content';
import { standings, termKeys } from './search-index';
import type { Alternative } from './search-index';

// Issue 40: how postings read from the term index rank articles (pure part of ArticleSearch).
describe('forgiving search: ranking postings', () => {
  const alt = (slot: number, term: string, w: number, extra: Partial<Alternative> = {}) =>
    ({ lang: 'en', slot, form: FORM_WORD, term, w, ...extra }) as Alternative;

  it('reads each distinct term once, whatever the words and ways that share it', () => {
    const { keys, uses } = termKeys([
      alt(0, 'reset', 10),
      alt(0, 'reset', 8, { form: FORM_STEM }),
      alt(1, 'reset', 6),
    ]);
    expect(keys).toEqual([
      { form: FORM_WORD, term: 'reset' },
      { form: FORM_STEM, term: 'reset' },
    ]);
    expect(uses.map((u) => u.map((a) => a.slot))).toEqual([[0, 1], [0]]);
  });

  it('ranks words matched, then the best way per word × field weight; postings read twice count once', () => {
    const alts = [alt(0, 'delete', 10), alt(0, 'delet', 5), alt(1, 'passwords', 10)];
    const { uses } = termKeys(alts);
    const ranked = standings(uses, [
      { key: 0, article: 1, weight: 31 }, // title
      { key: 1, article: 1, weight: 11 },
      { key: 2, article: 1, weight: 11 }, // body
      { key: 0, article: 2, weight: 39 }, // title, many times; one word only
      { key: 0, article: 3, weight: 11 },
      { key: 2, article: 3, weight: 11 },
      { key: 2, article: 3, weight: 11 }, // read again by article
    ]);
    expect(ranked.map((s) => [s.id, s.matched, s.score])).toEqual([
      [1, 2, 310 + 110],
      [3, 2, 220],
      [2, 1, 390],
    ]);
    expect([...ranked[0].slots]).toEqual([0, 1]);
  });

  it('matches a synonym of several words only when the article has each of them, at the weakest', () => {
    const parts = 2;
    const { uses } = termKeys([
      alt(0, 'card', 10),
      alt(0, 'payment', 6, { phrase: { id: 7, part: 0, parts } }),
      alt(0, 'method', 6, { phrase: { id: 7, part: 1, parts } }),
    ]);
    const ranked = standings(uses, [
      { key: 1, article: 1, weight: 31 },
      { key: 2, article: 1, weight: 11 },
      { key: 1, article: 2, weight: 39 }, // "payment" without "method": no match
      { key: 0, article: 3, weight: 11 },
    ]);
    expect(ranked.map((s) => [s.id, s.score])).toEqual([
      [3, 110],
      [1, 66],
    ]);
  });
});
