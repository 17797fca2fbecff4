import type { SiteContext } from '@hc/auth';
import { ArticleInputError, readArticleInput } from './article-input';
import { parseUpdatedSince } from './dto/articles-query.dto';
import { resolveCategories } from './articles.service';

const site = { defaultLanguage: 'en', languages: ['en', 'de'] } as SiteContext;

function failure(body: unknown, creating = true) {
  try {
    readArticleInput(body, site, creating);
  } catch (err) {
    if (err instanceof ArticleInputError) return err.failure;
    throw err;
  }
  return null;
}

describe('article input (spec 2.3)', () => {
  it('needs a title on create; empty or blank titles are the 500 of rule 4', () => {
    expect(failure({})).toEqual({ kind: 'title_required' });
    expect(failure({ title: null })).toEqual({ kind: 'blank_title' });
    expect(failure({ title: {} })).toEqual({ kind: 'blank_title' });
    expect(failure({ title: { en: '  ' } })).toEqual({ kind: 'blank_title' });
    expect(failure({}, false)).toBeNull();
  });

  it('refuses languages the site lacks with the exact message', () => {
    expect(failure({ title: { en: 'x', 'pt-BR': 'y' } })).toEqual({
      kind: 'invalid_argument',
      message: 'Unsupported language key "pt-BR" provided.',
    });
  });

  it('reads the writable fields and ignores unknown ones', () => {
    const input = readArticleInput(
      {
        title: { en: 'T' },
        category_id: 0,
        categories: [3, 3, 4],
        visibility: 'private',
        type: 'faq',
        published: true,
        external_id: 42,
        content_format: 'markdown',
        shared_with: [7],
        author_id: 7,
        rehost_images: true,
        surprise: 'ignored',
      },
      site,
      true,
    );
    expect(input).toEqual({
      title: { en: 'T' },
      categoryId: null,
      categories: [3, 4],
      visibility: 'private',
      type: 'faq',
      published: true,
      externalId: '42',
      contentFormat: 'markdown',
      sharedWith: [7],
      authorId: 7,
      rehostImages: true,
    });
  });

  it('collects field errors with the spec wording', () => {
    expect(
      failure({ title: { en: 'x' }, published: 'yes', visibility: null, content_format: 'rst' }),
    ).toEqual({
      kind: 'fields',
      errors: {
        published: ['The published field must be true or false.'],
        visibility: ['The selected visibility is invalid.'],
        content_format: ['The selected content format is invalid.'],
      },
    });
  });
});

describe('updated_since (spec 4.4: UTC, an offset is ignored)', () => {
  it.each([
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01 10:20:30', '2026-03-01T10:20:30.000Z'],
    ['2026-03-01T10:20:30Z', '2026-03-01T10:20:30.000Z'],
    ['2026-03-01T10:20:30+05:00', '2026-03-01T10:20:30.000Z'],
    ['2026-03-01T10:20:30 05:00', '2026-03-01T10:20:30.000Z'],
    ['2026-03-01T10:20:30-0800', '2026-03-01T10:20:30.000Z'],
  ])('%s → %s', (raw, iso) => expect(parseUpdatedSince(raw)?.toISOString()).toBe(iso));

  it.each(['yesterday', '2026-02-30', '2026-03-01T25:00', '1700000000'])('refuses %s', (raw) =>
    expect(parseUpdatedSince(raw)).toBeNull(),
  );
});

describe('primary category and categories', () => {
  const current = { primary: 1, list: [1, 2] };
  it('keeps both when neither is sent', () => expect(resolveCategories(current, {})).toBe(current));
  it('category_id alone replaces the primary', () =>
    expect(resolveCategories(current, { categoryId: 3 })).toEqual({ primary: 3, list: [3, 2] }));
  it('category_id 0 alone removes every category', () =>
    expect(resolveCategories(current, { categoryId: null })).toEqual({ primary: null, list: [] }));
  it('categories alone keep the primary when it stays', () =>
    expect(resolveCategories(current, { categories: [2, 1] })).toEqual({
      primary: 1,
      list: [1, 2],
    }));
  it('categories alone make their first entry primary otherwise', () =>
    expect(resolveCategories(current, { categories: [5, 6] })).toEqual({
      primary: 5,
      list: [5, 6],
    }));
  it('both: the primary goes first', () =>
    expect(resolveCategories(current, { categoryId: 6, categories: [5, 6] })).toEqual({
      primary: 6,
      list: [6, 5],
    }));
});

describe('storage limits are validation errors, not 500s', () => {
  it('refuses a title over 1024 characters', () => {
    expect(failure({ title: { en: 'x'.repeat(1025) } })).toEqual({
      kind: 'fields',
      errors: { 'title.en': ['The title.en field must not be greater than 1024 characters.'] },
    });
  });
});
