import { commentLine, genericMarkdown, listing } from './format';
import { COMMENT_FIELDS, TEXT_FIELD } from '@hc/contracts';
import { fromField, id, language, page, pageSize, responseFormat, z } from './schema';
import { defineTool, onResource, patchById } from './tool';

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .optional();

/** The arguments that name a team-note thread, and the path parameters they fill. */
const NOTE_THREAD = { article_id: id('Article id'), note_id: id('Note thread id') };
const threadParams = (a: { article_id: number; note_id: number }) => ({
  id: a.article_id,
  noteId: a.note_id,
});

/** The arguments every analytics tool starts with: the date range and the language. */
const RANGE = { from: date, to: date, language: language().optional() };

/** The query those arguments make. */
const rangeQuery = (a: { from?: string; to?: string; language?: string }) => ({
  from: a.from,
  to: a.to,
  lang: a.language,
});

export const engagementTools = [
  defineTool({
    suffix: 'list_comments',
    title: 'List reader comments',
    description:
      'Reader comments for moderation, newest first (order asc for oldest first), with counts per status. Commenter emails and IP addresses are never returned; include_email true fails today.',
    kind: 'read',
    input: {
      status: z.string().optional().describe('Only comments in this status'),
      article_id: id('Only comments on this article').optional(),
      language: language().optional().describe('A language of the site'),
      search: z.string().max(190).optional().describe('Text the comment contains'),
      order: z.enum(['desc', 'asc']).optional(),
      page,
      limit: pageSize('Page size, 1 to 100 (default 25)'),
      include_email: z.boolean().optional(),
      response_format: responseFormat,
    },
    ...listing('comments', 'Comments', commentLine),
    request: (a) => ({
      method: 'get',
      path: '/v1/comments',
      query: {
        status: a.status,
        article_id: a.article_id,
        lang: a.language,
        search: a.search,
        order: a.order,
        page: a.page,
        limit: a.limit,
        include_email: a.include_email,
      },
    }),
  }),
  defineTool({
    suffix: 'get_article_comments',
    title: "Get an article's comments",
    description:
      'The comment threads of one article with replies nested. No emails or IP addresses.',
    kind: 'read',
    input: {
      article_id: id('Article id'),
      language: language().optional(),
      status: z.string().optional(),
      include_email: z.boolean().optional(),
      response_format: responseFormat,
    },
    request: (a) =>
      onResource(
        { method: 'get', path: '/v1/articles/{id}/comments' },
        { id: a.article_id },
        { query: { lang: a.language, status: a.status, include_email: a.include_email } },
      ),
    markdown: (body) => genericMarkdown('Comments', { meta: body.meta, comments: body.comments }),
  }),
  defineTool({
    suffix: 'moderate_comment',
    title: 'Moderate a comment',
    description:
      'Approves or unpublishes a reader comment (comments cannot be deleted). Approving a reply emails the parent comment’s author once.',
    kind: 'write',
    input: { id: id('Comment id'), action: fromField(COMMENT_FIELDS.action) },
    request: patchById({ method: 'patch', path: '/v1/comments/{id}' }),
  }),
  defineTool({
    suffix: 'reply_to_comment',
    title: 'Post a comment or reply',
    description:
      'Posts a comment on an article as the person who authorized this connection, published at once. With parent_id it replies to that comment. Plain text, 1 to 5,000 characters. Not idempotent: calling twice posts twice.',
    kind: 'write',
    input: {
      article_id: id('Article id'),
      text: fromField(COMMENT_FIELDS.text),
      parent_id: fromField(COMMENT_FIELDS.parent_id).optional(),
      language: language()
        .optional()
        .describe("Defaults to the parent's language, else the site default"),
    },
    request: (a) =>
      onResource(
        { method: 'post', path: '/v1/articles/{id}/comments' },
        { id: a.article_id },
        { body: { text: a.text, parent_id: a.parent_id, lang: a.language } },
      ),
  }),
  defineTool({
    suffix: 'get_analytics_summary',
    title: 'Analytics summary',
    description:
      'Traffic, ratings, activity and totals for a date range (default the last 7 days, at most 92), compared with the preceding period. Analytics tools share 6 requests per minute.',
    kind: 'read',
    analytics: true,
    input: {
      ...RANGE,
      response_format: responseFormat,
    },
    request: (a) => ({
      method: 'get',
      path: '/v1/analytics/summary',
      query: rangeQuery(a),
    }),
    markdown: (body) =>
      genericMarkdown('Analytics summary', { range: body.range, summary: body.summary }),
  }),
  defineTool({
    suffix: 'get_content_performance',
    title: 'Content performance',
    description:
      'Articles by views and ratings in a date range, 25 per page (the page size cannot be changed). Analytics tools share 6 requests per minute.',
    kind: 'read',
    analytics: true,
    input: {
      ...RANGE,
      category_id: id('Only articles in this category').optional(),
      sort: z.string().optional().describe('Sort key, e.g. views'),
      page,
      per_page: z.number().int().optional().describe('Has no effect: every page holds 25 articles'),
      response_format: responseFormat,
    },
    request: (a) => ({
      method: 'get',
      path: '/v1/analytics/content',
      query: {
        ...rangeQuery(a),
        category_id: a.category_id,
        sort: a.sort,
        page: a.page,
      },
    }),
    markdown: (body) =>
      genericMarkdown('Content performance', {
        range: body.range,
        meta: body.meta,
        articles: body.articles,
      }),
  }),
  defineTool({
    suffix: 'get_search_queries',
    title: 'Search queries',
    description:
      'What readers searched for: content gaps (searches that found nothing), frequent queries and common terms. Analytics tools share 6 requests per minute.',
    kind: 'read',
    analytics: true,
    input: {
      ...RANGE,
      limit: z
        .number()
        .int()
        .min(1)
        .max(50)
        .optional()
        .describe('Items per list, 1 to 50 (default 20)'),
      response_format: responseFormat,
    },
    request: (a) => ({
      method: 'get',
      path: '/v1/analytics/searches',
      query: { ...rangeQuery(a), limit: a.limit },
    }),
    markdown: (body) => genericMarkdown('Search queries', body),
  }),
  defineTool({
    suffix: 'list_article_notes',
    title: "List an article's team notes",
    description:
      'Private team notes anchored on the article text (open threads). Needs team-notes access. The include_resolved argument is accepted but does not work today.',
    kind: 'read',
    input: {
      article_id: id('Article id'),
      language: z
        .string()
        .optional()
        .describe('Language of the notes (not checked: a typo gives an empty list)'),
      include_resolved: z.boolean().optional(),
      response_format: responseFormat,
    },
    request: (a) =>
      onResource(
        { method: 'get', path: '/v1/articles/{id}/notes' },
        { id: a.article_id },
        { query: { lang: a.language } },
      ),
    markdown: (body) => genericMarkdown('Team notes', { meta: body.meta, notes: body.notes }),
  }),
  defineTool({
    suffix: 'reply_to_article_note',
    title: 'Reply to a team note',
    description:
      'Adds a reply to a team note thread (plain text, 1 to 5,000 characters). Not idempotent.',
    kind: 'write',
    input: { ...NOTE_THREAD, text: fromField(TEXT_FIELD) },
    request: (a) =>
      onResource(
        { method: 'post', path: '/v1/articles/{id}/notes/{noteId}/replies' },
        threadParams(a),
        { body: { text: a.text } },
      ),
  }),
  defineTool({
    suffix: 'resolve_article_note',
    title: 'Resolve a team note',
    description: 'Marks a team note thread resolved.',
    kind: 'write',
    input: NOTE_THREAD,
    request: (a) =>
      onResource(
        { method: 'post', path: '/v1/articles/{id}/notes/{noteId}/resolve' },
        threadParams(a),
      ),
  }),
];
