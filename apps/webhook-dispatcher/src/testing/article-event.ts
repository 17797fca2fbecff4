// Event data the dispatcher specs write to the outbox (not a spec file).
import type { ArticleEventData } from '@hc/contracts';

/** The data of an article event (spec 6) of article `id`: public, English, with `overrides`. */
export function articleEvent(
  id: number,
  overrides: Partial<ArticleEventData> = {},
): ArticleEventData {
  return {
    type: 'article',
    id,
    category_id: null,
    title: `Article ${id}`,
    slug: `article-${id}`,
    published: true,
    visibility: 'public',
    locale: 'en',
    updated_at: '2026-01-01 00:00:00',
    ...overrides,
  };
}
