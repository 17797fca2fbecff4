import { checkDto, dtoError, readQuery } from '@hc/http';
import { validationErrorBody } from '@hc/testing';
import { articlesPaging, ArticlesQuery } from './articles-query.dto';

function read(query: Record<string, unknown>) {
  const r = checkDto(ArticlesQuery, readQuery(query));
  if (r.ok) return { value: r.value };
  const err = dtoError(ArticlesQuery, r.failures, r.body);
  return { status: err.status, body: err.body };
}

describe('ArticlesQuery (GET /articles, spec 4.4)', () => {
  it('reads typed values: updated_since as a UTC date, 100 a page by default', () => {
    const { value } = read({ updated_since: '2026-01-03 10:00:00 +05:00', category_id: '0' });
    expect(value?.updated_since?.toISOString()).toBe('2026-01-03T10:00:00.000Z');
    expect(value?.category_id).toBe(0);
    expect(articlesPaging(value!)).toEqual({ page: 1, perPage: 100, offset: 0 });
  });

  it('answers every bad value 400 shape (b), a message for each field', () => {
    expect(read({ limit: '101', updated_since: 'yesterday', outdated: 'yes' })).toEqual({
      status: 400,
      body: validationErrorBody({
        limit: ['The limit field must not be greater than 100.'],
        updated_since: ['The updated since field must be a valid date.'],
        outdated: ['The selected outdated is invalid.'],
      }),
    });
  });
});
