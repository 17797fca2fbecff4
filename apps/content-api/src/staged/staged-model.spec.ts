import { wordDiff } from '@hc/testing';
import type { ArticleView } from '../articles/articles.repository';
import {
  diff,
  localeSignature,
  pruneFields,
  pruneShared,
  releaseMatters,
  wideSignature,
} from './staged-model';

function view(overrides: Partial<ArticleView> = {}): ArticleView {
  return {
    id: 7,
    siteId: 1,
    externalId: null,
    authorId: 3,
    authorName: 'A',
    authorAvatar: null,
    categoryId: null,
    categories: [],
    type: 'article',
    published: true,
    visibility: 'public',
    shareToken: null,
    sharedWith: [],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    deletedAt: null,
    revision: 1,
    views: 0,
    thumbsUp: 0,
    thumbsDown: 0,
    love: 0,
    stagedLocales: [],
    stagedUpdatedAt: null,
    translations: [
      {
        lang: 'en',
        title: 'Live',
        slug: 'live',
        hasCustomSlug: false,
        content: '<p>Live <span data-hc-internal-note="1">secret</span></p>',
        metaTitle: 'SEO',
        metaDescription: null,
        audioFile: null,
        released: true,
        outdated: false,
      },
    ],
    ...overrides,
  };
}

describe('staged model (spec 2.7, 4.5)', () => {
  it('drops staged values equal to the live article, comparing content as reads show it', () => {
    expect(
      pruneFields(
        { title: 'Live', content: '<p>Live </p>', slug: 'live', has_custom_slug: false },
        view(),
        'en',
      ),
    ).toEqual({});
    expect(pruneFields({ title: 'New', audio_file: null }, view(), 'en')).toEqual({ title: 'New' });
    // A language the article lacks: clearing nothing is no change.
    expect(
      pruneFields({ title: null, content: '', has_custom_slug: false, slug: 'neu' }, view(), 'de'),
    ).toEqual({ slug: 'neu' });
  });

  it('drops article-wide values equal to live, metadata per language', () => {
    expect(
      pruneShared(
        {
          type: 'article',
          visibility: 'private',
          metadata: { title: { en: 'SEO', de: null }, description: { en: 'D' } },
        },
        view(),
      ),
    ).toEqual({ visibility: 'private', metadata: { description: { en: 'D' } } });
    expect(
      pruneShared(
        { category_id: null, categories: [], metadata: { title: { en: 'SEO' } } },
        view(),
      ),
    ).toEqual({});
  });

  it('release_translation matters only for a language not yet released', () => {
    expect(releaseMatters(true, view(), 'en')).toBe(false);
    expect(releaseMatters(true, view(), 'de')).toBe(true);
    expect(releaseMatters(false, view(), 'de')).toBe(false);
  });

  it('fingerprints what a copy would overwrite: its language and the article-wide fields, not the status', () => {
    const base = view();
    expect(localeSignature(view({ published: false }), 'en')).toBe(localeSignature(base, 'en'));
    expect(localeSignature(view({ views: 9 }), 'en')).toBe(localeSignature(base, 'en'));
    expect(localeSignature(view({ type: 'faq' }), 'en')).not.toBe(localeSignature(base, 'en'));
    expect(localeSignature(base, 'de')).not.toBe(localeSignature(base, 'en'));
    expect(wideSignature(view({ sharedWith: [4] }))).not.toBe(wideSignature(base));
    expect(localeSignature(base, 'en')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('diffs field by field, only what differs', () => {
    expect(
      diff(
        view(),
        'en',
        'staged',
        { title: 'Live', content: '<p>New</p>', released: true },
        { type: 'faq', metadata: { title: { en: 'SEO 2' } } },
      ),
    ).toEqual([
      {
        field: 'content',
        live: '<p>Live </p>',
        staged: '<p>New</p>',
        old: '<p>Live </p>',
        new: '<p>New</p>',
        diff: wordDiff('=<p>', '-Live ', '+New', '=</p>'),
      },
      { field: 'type', live: 'article', staged: 'faq', old: 'article', new: 'faq' },
      { field: 'metadata.title.en', live: 'SEO', staged: 'SEO 2', old: 'SEO', new: 'SEO 2' },
    ]);
    // Versions: `old` is the version's value, `new` the live one (#25).
    expect(diff(view(), 'de', 'version', { title: 'Neu', released: true }, {})).toEqual([
      {
        field: 'title',
        live: null,
        version: 'Neu',
        old: 'Neu',
        new: null,
        diff: wordDiff('-Neu'),
      },
      { field: 'released', live: false, version: true, old: true, new: false },
    ]);
  });
});
