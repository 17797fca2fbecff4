import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type ListResourcesResult,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { wrapList } from '../tools/format';
import type { ApiBody } from '../tools/tool';
import {
  articleDocument,
  articleLanguages,
  articleUri,
  CATEGORIES_URI,
  categoryTree,
  isoTime,
} from './documents';
import { callLikeTool, GatewayError, MirrorContext, RESOURCE_NOT_FOUND } from './mirror';

/** Articles per page of resources/list: one GET /articles page at its largest size (spec 4.2). */
export const RESOURCES_PAGE_SIZE = 100;
/** GET /categories pages read for the tree: 100 each, so up to 2,000 categories. */
const CATEGORY_PAGES = 20;

const ARTICLE_URI = /^kb:\/\/articles\/(\d{1,15})(?:\/([A-Za-z-]{2,10}))?$/;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: 'kb://articles/{id}',
    name: 'article',
    title: 'Article as Markdown',
    description:
      "One article of the connected site as Markdown with YAML front matter, in the site's default language (or the article's first language). Same permission and limits as kb_get_article.",
    mimeType: 'text/markdown',
  },
  {
    uriTemplate: 'kb://articles/{id}/{lang}',
    name: 'article-translation',
    title: 'Article translation as Markdown',
    description:
      'One article in one of its languages (a language code such as en, de, de-AT), as Markdown with YAML front matter.',
    mimeType: 'text/markdown',
  },
];

const CATEGORIES_RESOURCE: Resource = {
  uri: CATEGORIES_URI,
  name: 'categories',
  title: 'Category tree',
  description:
    'Every category of the connected site as a tree (children under their parent, siblings by position), JSON. Same permission as kb_list_categories.',
  mimeType: 'application/json',
};

/** The cursor of resources/list: the next GET /articles page, opaque to the client. */
const encodeCursor = (page: number) =>
  Buffer.from(JSON.stringify({ page }), 'utf8').toString('base64url');

function decodeCursor(cursor: string): number {
  let page: unknown;
  try {
    page = (JSON.parse(Buffer.from(cursor.slice(0, 200), 'base64url').toString('utf8')) as ApiBody)
      .page;
  } catch {
    page = undefined;
  }
  if (!Number.isInteger(page) || (page as number) < 2 || (page as number) > 1_000_000) {
    throw new GatewayError(
      ErrorCode.InvalidParams,
      'Error: Invalid cursor. Use the nextCursor of the previous resources/list answer, or none for the first page.',
    );
  }
  return page as number;
}

function articleEntry(a: ApiBody): Resource {
  const [lang] = articleLanguages(a);
  const title = (lang && (a.title?.[lang] as string | undefined)) || '(untitled)';
  const modified = isoTime(a.updated_at);
  return {
    uri: articleUri(a.id),
    name: `article-${a.id}`,
    title,
    description: `${a.published ? 'Published' : 'Draft'}, ${a.visibility}; languages ${articleLanguages(a).join(', ') || 'none'}`,
    mimeType: 'text/markdown',
    ...(modified && /Z$/.test(modified) ? { annotations: { lastModified: modified } } : {}),
  };
}

/** resources/list: the category tree first, then every article as kb_list_articles lists them. */
async function listResources(ctx: MirrorContext, cursor?: string): Promise<ListResourcesResult> {
  const page = cursor === undefined ? 1 : decodeCursor(cursor);
  const body = await callLikeTool(ctx, 'list_articles', { page, limit: RESOURCES_PAGE_SIZE });
  const list = wrapList(body, 'articles');
  return {
    resources: [
      ...(page === 1 ? [CATEGORIES_RESOURCE] : []),
      ...(list.items as ApiBody[]).map(articleEntry),
    ],
    ...(list.has_more ? { nextCursor: encodeCursor(page + 1) } : {}),
  };
}

/** Every category of the site through kb_list_categories' call, page by page. */
export async function readCategories(ctx: MirrorContext) {
  const rows: ApiBody[] = [];
  let page = 1;
  let pages = 1;
  do {
    const list = wrapList(
      await callLikeTool(ctx, 'list_categories', { page, limit: 100 }),
      'categories',
    );
    rows.push(...(list.items as ApiBody[]));
    pages = list.total_pages;
    page += 1;
  } while (page <= pages && page <= CATEGORY_PAGES);
  return {
    total: rows.length,
    ...(pages > CATEGORY_PAGES ? { truncated: true } : {}),
    categories: categoryTree(rows),
  };
}

/** The article through kb_get_article's call: a foreign or missing id is "not found" alike. */
export async function readArticle(
  ctx: MirrorContext,
  id: number,
  lang?: string,
  notFound = RESOURCE_NOT_FOUND,
) {
  const body = await callLikeTool(ctx, 'get_article', { id }, notFound);
  const article = (body.article ?? {}) as ApiBody;
  const languages = articleLanguages(article);
  const chosen = lang ?? languages[0];
  if (!chosen || !languages.includes(chosen)) {
    throw new GatewayError(
      notFound,
      lang
        ? `Error: Article ${id} has no "${lang}" translation; its languages: ${languages.join(', ') || 'none'}.`
        : `Error: Article ${id} has no text in any language.`,
      { http_status: 404 },
    );
  }
  return { article, lang: chosen, text: articleDocument(article, chosen) };
}

async function readResource(ctx: MirrorContext, uri: string): Promise<ReadResourceResult> {
  if (uri === CATEGORIES_URI) {
    const tree = await readCategories(ctx);
    return {
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(tree, null, 2) }],
    };
  }
  const m = ARTICLE_URI.exec(uri);
  if (!m) {
    throw new GatewayError(
      RESOURCE_NOT_FOUND,
      `Error: Unknown resource ${uri.slice(0, 200)}. Resources are ${CATEGORIES_URI}, kb://articles/{id} and kb://articles/{id}/{lang}.`,
    );
  }
  const { text } = await readArticle(ctx, Number(m[1]), m[2]);
  return { contents: [{ uri, mimeType: 'text/markdown', text }] };
}

/**
 * Resources of the connected site beside the tools (issue #26). The SDK's McpServer cannot page
 * resources/list, so the three methods are answered here on its underlying server.
 */
export function registerResources(server: McpServer, ctx: MirrorContext): void {
  server.server.registerCapabilities({ resources: {} });
  server.server.setRequestHandler(ListResourcesRequestSchema, (req) =>
    listResources(ctx, req.params?.cursor),
  );
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCE_TEMPLATES,
  }));
  server.server.setRequestHandler(ReadResourceRequestSchema, (req) =>
    readResource(ctx, req.params.uri),
  );
}
