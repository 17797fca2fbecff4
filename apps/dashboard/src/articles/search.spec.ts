import { articlesQuery, articlesSearch, newArticleSearch } from './search';

describe('the articles list URL', () => {
  it('keeps the spec filters, the sort and the page, and drops what the API would refuse', () => {
    expect(
      articlesSearch({
        q: '  billing ',
        status: 'draft',
        category: '7',
        lang: 'de',
        outdated: 'true',
        updated_since: '2026-01-31',
        sort: 'views',
        order: 'asc',
        page: '3',
      }),
    ).toEqual({
      q: 'billing',
      status: 'draft',
      category: 7,
      lang: 'de',
      outdated: true,
      updated_since: '2026-01-31',
      sort: 'views',
      order: 'asc',
      page: 3,
    });
    expect(
      articlesSearch({
        status: 'trashed',
        category: '-1',
        lang: '<x>',
        page: '0',
        updated_since: 'x',
      }),
    ).toEqual({});
  });

  it('turns the URL into the query of GET /v1/articles', () => {
    expect(
      articlesQuery({ status: 'published', category: 4, outdated: true, page: 2 }, 50),
    ).toEqual({
      page: 2,
      limit: 50,
      status: 'published',
      category_id: 4,
      outdated: '1',
      order_by: 'updated_at',
      order_type: 'desc',
    });
  });

  it('reads the title a new article starts with (analytics’ "Write this article")', () => {
    expect(newArticleSearch({ title: '  refund policy ' })).toEqual({ title: 'refund policy' });
    expect(newArticleSearch({ title: 'x'.repeat(300) }).title).toHaveLength(191);
    expect(newArticleSearch({ title: '   ' })).toEqual({});
    expect(newArticleSearch({ title: ['a', 'b'] })).toEqual({});
  });
});
