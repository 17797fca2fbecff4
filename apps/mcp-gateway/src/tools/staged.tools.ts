import { genericMarkdown } from './format';
import { STAGED_FIELDS } from '@hc/contracts';
import { fromTable, id, language, responseFormat, z } from './schema';
import { articleBody, defineTool, onResource } from './tool';

// The REST DTO's table (spec 4.5) but `locale`, which keeps the tool language-key rule.
const { locale: _locale, ...stagedFields } = STAGED_FIELDS;

export const stagedTools = [
  defineTool({
    suffix: 'get_staged_changes',
    title: 'Get staged changes',
    description:
      'The edits staged on a published article but not yet live: one language with locale, or every staged language. Each copy has the etag to send back with the next change.',
    kind: 'read',
    input: {
      article_id: id('Article id'),
      locale: language().optional(),
      response_format: responseFormat,
    },
    request: (a) =>
      onResource(
        { method: 'get', path: '/v1/articles/{articleId}/staged' },
        { articleId: a.article_id },
        { query: { locale: a.locale } },
      ),
    markdown: (body) => genericMarkdown('Staged changes', body.staged),
  }),
  defineTool({
    suffix: 'stage_article_changes',
    title: 'Stage changes to a published article',
    description:
      'Stages an edit of one language of a published article without changing the live article; publish it later with kb_publish_staged_changes. Texts are plain strings for this language, not language maps. Send only what changes; category, visibility, type, author, access list and SEO texts apply to the whole article.',
    kind: 'write',
    input: {
      article_id: id('Article id (must be published)'),
      locale: language().describe('The language these texts are in'),
      ...fromTable(stagedFields),
    },
    request: articleBody({ method: 'patch', path: '/v1/articles/{articleId}/staged' }),
  }),
  defineTool({
    suffix: 'publish_staged_changes',
    title: 'Publish staged changes',
    description:
      'Makes staged changes live (one language with locale, or all). If the live article changed since staging the answer is BASE_CHANGED: review, then retry with force true to overwrite.',
    kind: 'write',
    input: {
      article_id: id('Article id'),
      locale: language().optional(),
      force: z.boolean().optional(),
    },
    request: articleBody({ method: 'post', path: '/v1/articles/{articleId}/staged/publish' }),
  }),
  defineTool({
    suffix: 'discard_staged_changes',
    title: 'Discard staged changes',
    description: 'Throws away staged changes (one language with locale, or all). Cannot be undone.',
    kind: 'destructive',
    input: { article_id: id('Article id'), locale: language().optional() },
    request: (a) =>
      onResource(
        { method: 'delete', path: '/v1/articles/{articleId}/staged' },
        { articleId: a.article_id },
        { query: { locale: a.locale } },
      ),
  }),
  defineTool({
    suffix: 'list_article_versions',
    title: 'List article versions',
    description:
      'Earlier versions kept when staged changes were published or a version was restored, newest first.',
    kind: 'read',
    input: {
      article_id: id('Article id'),
      locale: language().optional(),
      limit: z.number().int().optional().describe('1 to 100 (default 20)'),
      response_format: responseFormat,
    },
    request: (a) =>
      onResource(
        { method: 'get', path: '/v1/articles/{articleId}/versions' },
        { articleId: a.article_id },
        { query: { locale: a.locale, limit: a.limit } },
      ),
    markdown: (body) => genericMarkdown('Versions', body.versions),
  }),
  defineTool({
    suffix: 'restore_article_version',
    title: 'Restore an article version',
    description:
      'Makes an earlier version live at once. The values it replaces are first kept as a new version, so the restore can itself be undone.',
    kind: 'destructive',
    input: { article_id: id('Article id'), version_id: id('Version id') },
    request: (a) =>
      onResource(
        { method: 'post', path: '/v1/articles/{articleId}/versions/{versionId}/restore' },
        { articleId: a.article_id, versionId: a.version_id },
      ),
  }),
];
