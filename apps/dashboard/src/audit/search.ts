import { positiveInt } from '../ui/paging';

/** How a write came in (GET /audit's `actor`). */
export const ACTOR_KINDS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'api_key', label: 'API key' },
  { value: 'oauth', label: 'OAuth app' },
  { value: 'mcp', label: 'AI agent (MCP)' },
  { value: 'operator', label: 'Operator' },
] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number]['value'];

/** The kinds of object the log names (`target_type`), as the filter offers them. */
export const OBJECT_TYPES = [
  { value: 'article', label: 'Article' },
  { value: 'category', label: 'Category' },
  { value: 'user', label: 'Member' },
  { value: 'invitation', label: 'Invitation' },
  { value: 'api_key', label: 'API key' },
  { value: 'webhook', label: 'Webhook' },
  { value: 'template', label: 'Design' },
  { value: 'comment', label: 'Comment' },
  { value: 'note', label: 'Team note' },
  { value: 'image', label: 'Image' },
  { value: 'change_set', label: 'Change set' },
  { value: 'review', label: 'Review' },
  { value: 'interface_text', label: 'Interface text' },
  { value: 'site', label: 'Site' },
] as const;

/**
 * The audit screen's URL (`/app/sites/<id>/audit?user=7&action=article.publish&page=2`): the
 * filters of `GET /v1/audit` and the page. Anything malformed is dropped, so a hand-edited URL
 * never sends the API a value it refuses.
 */
export interface AuditSearch {
  user?: number;
  actor?: ActorKind;
  action?: string;
  type?: string;
  object?: string;
  from?: string;
  to?: string;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WORD = /^[a-z_]+(\.[a-z_]+)?$/;

const text = (value: unknown, pattern: RegExp, max: number) =>
  typeof value === 'string' && value.length <= max && pattern.test(value) ? value : undefined;

export function auditSearch(raw: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {
    user: positiveInt(raw.user),
    actor: ACTOR_KINDS.find((k) => k.value === raw.actor)?.value,
    action: text(raw.action, WORD, 64),
    type: text(raw.type, /^[a-z_]+$/, 32),
    object: text(raw.object === undefined ? raw.object : String(raw.object), /^[\w:.-]+$/, 64),
    from: text(raw.from, DAY, 10),
    to: text(raw.to, DAY, 10),
  };
  const page = positiveInt(raw.page);
  if (page && page > 1) out.page = page;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** The query of `GET /v1/audit` for a screen URL (`page` and `limit` given by the caller). */
export function auditQuery(search: AuditSearch, page: number, limit: number) {
  return {
    page,
    limit,
    ...(search.user ? { user_id: search.user } : {}),
    ...(search.actor ? { actor: search.actor } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.type ? { target_type: search.type } : {}),
    ...(search.object ? { target_id: search.object } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  };
}
