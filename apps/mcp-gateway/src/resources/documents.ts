import { frontMatter, htmlToMarkdown, sanitizeHtml } from '@hc/content';
import { settings } from '@hc/contracts';
import type { ApiBody } from '../tools/tool';

export const CATEGORIES_URI = 'kb://categories';

export const articleUri = (id: number, lang?: string) =>
  `kb://articles/${id}${lang ? `/${lang}` : ''}`;

/** Spec 2.1 format A (`YYYY-MM-DD HH:MM:SS`, UTC) as ISO 8601; anything else as it came. */
export function isoTime(formatA: unknown): string | undefined {
  if (typeof formatA !== 'string') return undefined;
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(formatA);
  return m ? `${m[1]}T${m[2]}Z` : formatA;
}

const textMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, string>)
    : {};

/**
 * The languages an article has, the site's default first: the API lists every language map with
 * the default language first (then the others by code), and `content` has every translation.
 */
export function articleLanguages(article: ApiBody): string[] {
  return [
    ...new Set([...Object.keys(textMap(article.content)), ...Object.keys(textMap(article.title))]),
  ];
}

/**
 * One article in one language as Markdown with YAML front matter (the fields in
 * docs/mcp.md). The body is the same sanitized HTML a reader's page would show, as Markdown.
 */
export function articleDocument(article: ApiBody, lang: string): string {
  const title = textMap(article.title)[lang] ?? '';
  const html = textMap(article.content)[lang] ?? '';
  const body = htmlToMarkdown(sanitizeHtml(html, settings().embedHosts));
  const staged: string[] = article.staged_locales ?? [];
  const outdated: string[] = article.outdated_translations ?? [];
  const head = frontMatter({
    id: article.id,
    title,
    lang,
    languages: articleLanguages(article),
    released: article.published_translations ?? [],
    status: article.published ? 'published' : 'draft',
    visibility: article.visibility,
    type: article.type ?? undefined,
    category_id: article.category_id ?? null,
    categories: article.categories ?? [],
    author: article.author?.name ?? undefined,
    description: textMap(article.metadata?.description)[lang],
    created: isoTime(article.created_at),
    updated: isoTime(article.updated_at),
    url: article._links?.view?.url,
    staged: staged.length ? staged : undefined,
    outdated: outdated.length ? outdated : undefined,
  });
  const heading = title.replace(/\s+/g, ' ').trim() || '(untitled)';
  return `${head}\n# ${heading}\n${body ? `\n${body}\n` : ''}`;
}

export interface CategoryNode {
  id: number;
  name: Record<string, string>;
  description?: Record<string, string>;
  icon?: string;
  position: number;
  privacy?: string;
  updated?: string;
  children: CategoryNode[];
}

/**
 * The categories as a tree: children under their parent, siblings by position (then id), as
 * readers see them. A category whose parent is not in the list is a root; a loop, which the API
 * never makes, cannot hang the walk.
 */
export function categoryTree(rows: ApiBody[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const c of rows) {
    const description = textMap(c.description);
    nodes.set(c.id, {
      id: c.id,
      name: textMap(c.name),
      ...(Object.keys(description).length ? { description } : {}),
      ...(c.icon ? { icon: c.icon } : {}),
      position: c.position ?? 0,
      privacy: c.privacy,
      updated: isoTime(c.updated_at),
      children: [],
    });
  }
  const parentOf = (c: ApiBody) => (c.parent ?? c.parent_id ?? null) as number | null;
  const roots: CategoryNode[] = [];
  for (const c of rows) {
    const parent = parentOf(c);
    const node = nodes.get(c.id)!;
    if (parent !== null && nodes.has(parent) && parent !== c.id) {
      nodes.get(parent)!.children.push(node);
    } else roots.push(node);
  }
  const order = (list: CategoryNode[]) =>
    list.sort((a, b) => a.position - b.position || a.id - b.id);
  const seen = new Set<number>();
  const walk = (list: CategoryNode[]): CategoryNode[] =>
    order(list)
      .filter((n) => !seen.has(n.id) && seen.add(n.id))
      .map((n) => ({ ...n, children: walk(n.children) }));
  const tree = walk(roots);
  // Categories only reachable through a loop: shown at the top level, without children.
  const looped = [...nodes.values()].filter((n) => !seen.has(n.id));
  return [...tree, ...order(looped).map((n) => ({ ...n, children: [] }))];
}
