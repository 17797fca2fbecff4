/** Spec 6: the events a webhook receives and the shapes of their `data`. */
export const EVENT_NAMES = [
  'article.created',
  'article.published',
  'article.updated',
  'article.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'site.updated',
  'site.deleted',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export interface ArticleEventData {
  type: 'article';
  id: number;
  /** null when the article has no category or several. */
  category_id: number | null;
  title: string | null;
  slug: string | null;
  published: boolean;
  visibility: 'public' | 'link_only' | 'private';
  locale: string;
  updated_at: string;
}

export interface CategoryEventData {
  type: 'category';
  id: number;
  parent_id: number | null;
  name: string | null;
  updated_at: string;
}

export interface SiteEventData {
  type: 'site';
  id: number;
  visibility: 'public' | 'private' | 'password';
}

export type EventData = ArticleEventData | CategoryEventData | SiteEventData;

/** The body POSTed to a webhook (spec 6), before serialization. */
export interface WebhookBody {
  event: EventName;
  occurred_at: string;
  site_id: number;
  helpcenter_id: string;
  data: EventData;
}
