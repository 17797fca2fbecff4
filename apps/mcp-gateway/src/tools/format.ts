import type { ApiBody } from './tool';

/** Spec 4.14 rule 3 / 8: json text over 25,000 characters is cut to half its items. */
export const MAX_JSON_CHARS = 25_000;

export interface ListWrapper {
  total: number;
  count: number;
  page: number;
  per_page: number;
  total_pages: number;
  has_more: boolean;
  items: unknown[];
  truncated?: boolean;
  truncation_message?: string;
}

/** The list wrapper of rule 3, from an API list response with the paging `meta` of 4.2. */
export function wrapList(body: ApiBody, key: string): ListWrapper {
  const items: unknown[] = Array.isArray(body[key]) ? body[key] : [];
  const meta = (body.meta ?? {}) as Record<string, number>;
  const page = meta.page ?? meta.current_page ?? 1;
  const perPage = meta.per_page ?? items.length;
  const total = meta.items_count ?? meta.total ?? items.length;
  const totalPages =
    meta.total_pages ?? meta.last_page ?? Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  return {
    total,
    count: items.length,
    page,
    per_page: perPage,
    total_pages: totalPages,
    has_more: page < totalPages,
    items,
  };
}

/**
 * Halves the items until the JSON text fits in 25,000 characters. Cut items are not on the next
 * page, so the message tells the agent to ask again with a smaller `limit`.
 */
export function truncateList(wrapper: ListWrapper): ListWrapper {
  let current = wrapper;
  while (JSON.stringify(current).length > MAX_JSON_CHARS && current.items.length > 1) {
    const items = current.items.slice(0, Math.ceil(current.items.length / 2));
    current = {
      ...wrapper,
      count: items.length,
      items,
      truncated: true,
      truncation_message:
        `The response was over ${MAX_JSON_CHARS} characters, so only the first ${items.length} of ` +
        `${wrapper.items.length} items on this page are shown. The rest are not on the next page: ` +
        `ask again with a smaller limit (for example ${Math.max(1, items.length)}).`,
    };
  }
  return current;
}

/** Rule 11: over the 6 analytics requests per minute, the agent is told not to retry. */
export const ANALYTICS_LIMIT_MESSAGE =
  'Error: Too many analytics requests: the analytics tools allow 6 requests per minute per credential. ' +
  'Do not retry now; wait a minute before asking again.';

/** Rule 4: the text when the API could not be reached at all. */
export function unreachableText(err: unknown): string {
  const reason = err instanceof Error ? err.message : String(err);
  return `Error: The API could not be reached (${reason}). Try again shortly.`;
}

const SITE_REQUIRED_HELP =
  'No site is chosen for this connection. Call kb_list_sites to see the site ids you can reach, ' +
  'then reconnect to the tool server with ?site=<id> on its URL.';

/** Rule 4: a failed call's text, starting with `Error:`. */
export function errorText(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as ApiBody;
    if (b.code === 'site_required') return `Error: ${SITE_REQUIRED_HELP}`;
    const message =
      b.message ??
      b.error_description ??
      b.error ??
      (b.status === 'unauthorized'
        ? 'Unauthorized: the token is missing, expired or revoked.'
        : undefined);
    const parts = [`Error: ${message ?? `The API answered HTTP ${status}.`}`];
    const code = b.code ?? b.error ?? b.reason;
    if (code && code !== message) parts.push(`(HTTP ${status}, ${code})`);
    else parts.push(`(HTTP ${status})`);
    if (b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)) {
      for (const [field, list] of Object.entries(b.errors as Record<string, unknown>)) {
        parts.push(`${field}: ${([] as unknown[]).concat(list).join(' ')}`);
      }
    } else if (Array.isArray(b.errors)) {
      for (const e of b.errors) parts.push(typeof e === 'string' ? e : JSON.stringify(e));
    }
    return parts.join(' ');
  }
  return `Error: The API answered HTTP ${status}.`;
}

// ---- markdown summaries (rule 2: short, without article bodies) ----

function firstValue(map: unknown): string {
  if (map && typeof map === 'object' && !Array.isArray(map)) {
    const values = Object.values(map as Record<string, string>);
    return values[0] ?? '';
  }
  return typeof map === 'string' ? map : '';
}

function languages(map: unknown): string {
  return map && typeof map === 'object' && !Array.isArray(map) ? Object.keys(map).join(', ') : '';
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function articleLine(a: ApiBody): string {
  const state = [
    a.published ? 'published' : 'draft',
    a.visibility,
    a.has_staged_changes ? 'staged changes' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `- #${a.id} **${firstValue(a.title) || '(untitled)'}** [${languages(a.title)}] — ${state}; updated ${a.updated_at}`;
}

export function articleSummary(a: ApiBody): string {
  const lines = [
    `## Article #${a.id}: ${firstValue(a.title) || '(untitled)'}`,
    `- Languages: ${languages(a.title)}; released: ${(a.published_translations ?? []).join(', ') || 'none'}`,
    `- Status: ${a.published ? 'published' : 'draft'}, visibility ${a.visibility}${a.type ? `, type ${a.type}` : ''}`,
    `- Category: ${a.category_id ?? 'none'}; categories: ${(a.categories ?? []).join(', ') || 'none'}`,
    `- Author: ${a.author?.name ?? 'unknown'}; views: ${a.views ?? 0}; ratings: 👍 ${a.ratings?.thumbs_up ?? 0} 👎 ${a.ratings?.thumbs_down ?? 0} ❤ ${a.ratings?.love ?? 0}`,
    `- Staged changes: ${a.has_staged_changes ? (a.staged_locales ?? []).join(', ') : 'none'}`,
    `- Updated ${a.updated_at}; created ${a.created_at}`,
  ];
  if (a._links?.view?.url) lines.push(`- Link: ${a._links.view.url}`);
  lines.push('', 'Ask with response_format "json" for the full article including its content.');
  return lines.join('\n');
}

export function categoryLine(c: ApiBody): string {
  return `- #${c.id} **${firstValue(c.name)}** [${languages(c.name)}] parent ${c.parent_id ?? c.parent ?? 'none'}, position ${c.position}`;
}

export function commentLine(c: ApiBody): string {
  const who = c.author?.name ?? c.author_name ?? c.name ?? 'someone';
  return `- #${c.id} [${c.status ?? ''}] ${who} on article #${c.article_id ?? '?'}: ${clip(String(c.text ?? c.body ?? ''))}`;
}

export function siteLine(s: ApiBody): string {
  return `- Site ${s.id}: **${s.name}** (${s.url}) — languages ${(s.languages ?? []).join(', ')}, ${s.visibility}`;
}

export function listMarkdown(
  title: string,
  w: ListWrapper,
  line: (item: ApiBody) => string,
): string {
  const head = `## ${title}: ${w.count} of ${w.total} (page ${w.page} of ${w.total_pages})`;
  const body = w.items.length
    ? w.items.map((i) => line(i as ApiBody)).join('\n')
    : '_Nothing found._';
  const more = w.has_more ? `\n\nMore on page ${w.page + 1}.` : '';
  return `${head}\n${body}${more}`;
}

/** A generic short summary: scalar fields and list lengths, long texts clipped, bodies left out. */
export function genericMarkdown(title: string, value: unknown, depth = 0): string {
  const indent = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}- (none)`;
    return value
      .slice(0, 50)
      .map((item, i) =>
        item && typeof item === 'object'
          ? `${indent}- item ${i + 1}\n${genericMarkdown('', item, depth + 1)}`
          : `${indent}- ${clip(String(item))}`,
      )
      .join('\n');
  }
  if (value && typeof value === 'object') {
    const lines: string[] = title ? [`## ${title}`] : [];
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'content' || key === '_links') continue;
      if (v && typeof v === 'object') {
        if (depth >= 2) {
          lines.push(
            `${indent}- ${key}: ${Array.isArray(v) ? `${v.length} items` : clip(JSON.stringify(v), 120)}`,
          );
        } else {
          lines.push(`${indent}- ${key}:`, genericMarkdown('', v, depth + 1));
        }
      } else {
        lines.push(`${indent}- ${key}: ${clip(String(v))}`);
      }
    }
    return lines.join('\n');
  }
  return `${indent}${clip(String(value))}`;
}

/**
 * What a list tool (rule 3) adds to its definition: where its items are in the answer, and its
 * markdown, one `line` per item under `title`.
 */
export function listing(listKey: string, title: string, line: (item: ApiBody) => string) {
  return {
    listKey,
    markdown: (body: ApiBody) => listMarkdown(title, wrapList(body, listKey), line),
  };
}
