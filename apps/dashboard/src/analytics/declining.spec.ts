import { decliningArticles } from './declining';

const a = (id: number, views: number) => ({ id, title: `A${id}`, views });

describe('declining articles (two reads of GET /v1/analytics/content)', () => {
  it('ranks the largest fall first; growing or steady articles are not declining', () => {
    const before = { articles: [a(1, 50), a(2, 20), a(3, 10), a(4, 5)], complete: true };
    const now = { articles: [a(3, 12), a(1, 45), a(4, 5)], complete: true };
    expect(decliningArticles(before, now).map((d) => [d.id, d.before, d.now, d.change])).toEqual([
      [2, 20, 0, -20],
      [1, 50, 45, -5],
    ]);
  });

  it('says "at most" for an article not on the pages read when more pages were left', () => {
    const before = { articles: [a(1, 50), a(2, 40)], complete: false };
    const now = { articles: [a(2, 30), a(5, 9)], complete: false };
    expect(decliningArticles(before, now)).toEqual([
      { id: 1, title: 'A1', before: 50, now: 9, atMost: true, change: -41, percent: -82 },
      { id: 2, title: 'A2', before: 40, now: 30, atMost: false, change: -10, percent: -25 },
    ]);
  });
});
