import type { EntityManager } from 'typeorm';
import { formatA } from '@hc/contracts';
import type { ArticleEventData, EventName } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { writeWebhookEvent } from '@hc/events';
import { articleEventRows } from './article-events.repository';

/**
 * Spec 6 `data` of article events, read inside the caller's transaction: `category_id` is null
 * when the article has no category or several; `title` and `slug` in the site's default
 * language (`locale`); `updated_at` in format A like the article's own field.
 */
export async function articleEventData(
  m: EntityManager,
  site: Pick<SiteContext, 'id' | 'defaultLanguage'>,
  articleIds: number[],
): Promise<Map<number, ArticleEventData>> {
  const out = new Map<number, ArticleEventData>();
  if (articleIds.length === 0) return out;
  const rows = await articleEventRows(site.id, m, site.defaultLanguage, articleIds);
  for (const r of rows) {
    out.set(Number(r.id), {
      type: 'article',
      id: Number(r.id),
      category_id: Number(r.n_categories) === 1 ? Number(r.one_category) : null,
      title: r.title ?? null,
      slug: r.slug ?? null,
      published: Boolean(r.published),
      visibility: r.visibility,
      locale: site.defaultLanguage,
      updated_at: formatA(r.updated_at),
    });
  }
  return out;
}

/** Writes one article event per id into the outbox, in the caller's transaction. */
export async function announceArticles(
  m: EntityManager,
  site: SiteContext,
  event: EventName,
  articleIds: number[],
  known?: Map<number, ArticleEventData>,
  /**
   * Issue 24: the audit action when it is not the event's (`article.restore`); null when the
   * caller has recorded the write itself (`staged.publish`, `version.restore`).
   */
  auditAction?: string | null,
): Promise<void> {
  const data = known ?? (await articleEventData(m, site, articleIds));
  for (const id of articleIds) {
    const d = data.get(id);
    if (d) await writeWebhookEvent(m, site, event, d, undefined, auditAction);
  }
}
