import { articleLine, articleSummary, listing } from './format';
import { ARTICLE_FIELDS } from '@hc/contracts';
import { fromField, fromFields, id, language, page, pageSize, responseFormat, z } from './schema';
import { defineTool, patchById } from './tool';

/** The article fields an agent may write: the REST DTO's table (spec 2.3). */
const articleFields = fromFields(ARTICLE_FIELDS, [
  'content',
  'slug',
  'category_id',
  'categories',
  'visibility',
  'type',
  'published',
  'external_id',
  'content_format',
  'metadata',
  'shared_with',
  'author_id',
  'rehost_images',
]);

const createShape = {
  title: fromField(ARTICLE_FIELDS.title, 'Title per language (required)'),
  ...articleFields,
};

export const articleTools = [
  defineTool({
    suffix: 'search_articles',
    title: 'Search articles',
    description:
      'Search over titles, headings and content, as an anonymous reader would find them (published, public, released languages). Forgiving: other word forms, typing mistakes (one from 4 letters, two from 8), an unfinished last word and the site’s synonyms match too, best matches first. Returns at most 15 matches in total. Use kb_list_articles to see drafts and private articles.',
    kind: 'read',
    input: {
      query: z.string().min(1).describe('Words to search for'),
      language: language()
        .optional()
        .describe('Language to search in; the site default when omitted'),
      category_id: id('Only articles in this category').optional(),
      limit: pageSize('Page size, 1 to 100'),
      page,
      response_format: responseFormat,
    },
    ...listing('articles', 'Search results', articleLine),
    request: (a) => ({
      method: 'get',
      path: '/v1/articles',
      query: {
        search: a.query,
        lang: a.language,
        category_id: a.category_id,
        limit: a.limit,
        page: a.page,
      },
    }),
  }),
  defineTool({
    suffix: 'list_articles',
    title: 'List articles',
    description:
      'Lists every article that is not in the Trash (drafts, private and link-only included), most recently updated first, with all languages. Cannot filter by status or date.',
    kind: 'read',
    input: {
      page,
      limit: pageSize('Page size, 1 to 100 (default 100)'),
      category_id: id('Only articles in this category').optional(),
      language: language()
        .optional()
        .describe('Accepted for symmetry; has no effect (all languages are returned)'),
      order_by: z.enum(['updated', 'views']).optional().describe('views sorts by view count'),
      order_type: z.enum(['desc', 'asc']).optional().describe('asc reverses the order'),
      response_format: responseFormat,
    },
    ...listing('articles', 'Articles', articleLine),
    request: (a) => ({
      method: 'get',
      path: '/v1/articles',
      query: {
        page: a.page,
        limit: a.limit,
        category_id: a.category_id,
        order_by: a.order_by === 'views' ? 'views' : undefined,
        order_type: a.order_type,
      },
    }),
  }),
  defineTool({
    suffix: 'get_article',
    title: 'Get an article',
    description:
      'One article with every field. The markdown format summarizes it without the body; ask for json to read the content.',
    kind: 'read',
    input: { id: id('Article id'), response_format: responseFormat },
    request: (a) => ({ method: 'get', path: '/v1/articles/{id}', pathParams: { id: a.id } }),
    markdown: (body) => articleSummary(body.article ?? {}),
  }),
  defineTool({
    suffix: 'create_article',
    title: 'Create an article',
    description:
      'Creates an article (a draft unless published is true). Per-language fields are objects keyed by language code, and every key must be a language of the site. With external_id it is an upsert: the same external_id again updates that article.',
    kind: 'write',
    input: createShape,
    request: (a) => ({ method: 'post', path: '/v1/articles', body: a }),
  }),
  defineTool({
    suffix: 'update_article',
    title: 'Update an article',
    description:
      'Changes only the fields sent, live at once for a published article. Per-language fields change only the languages sent; an empty string clears that language. To review changes before they go live, use kb_stage_article_changes instead.',
    kind: 'write',
    input: {
      id: id('Article id'),
      title: fromField(ARTICLE_FIELDS.title).optional(),
      ...articleFields,
    },
    request: patchById({ method: 'patch', path: '/v1/articles/{id}' }),
  }),
  defineTool({
    suffix: 'bulk_create_articles',
    title: 'Create or update many articles',
    description:
      'Creates or upserts (by external_id) up to 50 articles in one request; each item is as in kb_create_article and gets its own result. The tool accepts up to 100 items, but the API takes 50: a request with 51 to 100 fails as a whole.',
    kind: 'write',
    input: {
      articles: z
        .array(z.object(createShape).strict())
        .min(1)
        .max(100)
        .describe('Up to 50 articles'),
    },
    request: (a) => ({ method: 'post', path: '/v1/articles/bulk', body: { articles: a.articles } }),
  }),
  defineTool({
    suffix: 'list_sites',
    title: 'List sites',
    description:
      'The help centers this connection can reach, with their ids and languages. Works before a site is chosen: reconnect with ?site=<id> on the tool server URL to work on one.',
    kind: 'read',
    input: { response_format: responseFormat },
    request: () => ({ method: 'get', path: '/v1/sites' }),
    markdown: (body) =>
      `## Sites (${(body.sites ?? []).length})\n${(body.sites ?? [])
        .map(
          (s: Record<string, unknown>) =>
            `- Site ${s.id}: **${s.name}** (${s.url}) — languages ${((s.languages as string[]) ?? []).join(', ')}, ${s.visibility}`,
        )
        .join('\n')}`,
  }),
];
