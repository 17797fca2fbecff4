import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, type GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { wrapList } from '../tools/format';
import { language, z } from '../tools/schema';
import type { ApiBody } from '../tools/tool';
import {
  articleDocument,
  articleLanguages,
  articleUri,
  CATEGORIES_URI,
} from '../resources/documents';
import { callLikeTool, MirrorContext } from '../resources/mirror';
import { readArticle, readCategories } from '../resources/resources';
import { answerText, draftText, gapsText, translateText, type SearchGap } from './prompt-texts';

/** Found articles attached in full to answer-from-help-center; the rest are named. */
export const ANSWER_ARTICLES_ATTACHED = 5;

// Prompt arguments are strings on the wire (MCP prompts/get), so numbers are checked as digits.
const digits = (what: string) => z.string().regex(/^\d{1,15}$/, `${what}: digits only`);
const date = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
    .optional()
    .describe(what);

type Message = GetPromptResult['messages'][number];
const say = (text: string): Message => ({ role: 'user', content: { type: 'text', text } });
const attach = (uri: string, mimeType: string, text: string): Message => ({
  role: 'user',
  content: { type: 'resource', resource: { uri, mimeType, text } },
});

/**
 * The four prompts (issue #26). Each makes the REST call of the tool it mirrors through
 * callLikeTool, so it needs that tool's scope and counts toward that tool's limits.
 */
export function registerPrompts(server: McpServer, ctx: MirrorContext): void {
  server.registerPrompt(
    'draft-article',
    {
      title: 'Draft a new article',
      description:
        'Instructions to write a new article as a draft, with the category tree to file it in (reads the categories as kb_list_categories does).',
      argsSchema: {
        topic: z.string().min(1).max(500).describe('What the article should explain'),
        language: language()
          .optional()
          .describe("Language to write in; the site's default when omitted"),
        category_id: digits('category_id').optional().describe('Category to file it in'),
      },
    },
    async (args) => {
      const tree = await readCategories(ctx);
      return {
        description: `Draft an article about ${args.topic}`,
        messages: [
          say(draftText(args)),
          attach(CATEGORIES_URI, 'application/json', JSON.stringify(tree, null, 2)),
        ],
      };
    },
  );

  server.registerPrompt(
    'translate-article',
    {
      title: 'Translate an article',
      description:
        'Instructions to translate one article into another language of the site, with the article attached as Markdown (reads it as kb_get_article does).',
      argsSchema: {
        id: digits('id').describe('Article id'),
        language: language().describe('Language to translate into, e.g. de'),
        from: language()
          .optional()
          .describe("Language to translate from; the site's default when omitted"),
      },
    },
    async (args) => {
      const id = Number(args.id);
      const { article, lang, text } = await readArticle(
        ctx,
        id,
        args.from,
        ErrorCode.InvalidParams,
      );
      return {
        description: `Translate article #${id} from ${lang} into ${args.language}`,
        messages: [
          say(
            translateText({
              id,
              from: lang,
              to: args.language,
              hasTarget: articleLanguages(article).includes(args.language),
              targetReleased: (article.published_translations ?? []).includes(args.language),
              published: Boolean(article.published),
            }),
          ),
          attach(articleUri(id, lang), 'text/markdown', text),
        ],
      };
    },
  );

  server.registerPrompt(
    'answer-from-help-center',
    {
      title: 'Answer from the help center',
      description:
        "Instructions to answer a reader's question from published articles only, with the matching articles attached (searches as kb_search_articles does).",
      argsSchema: {
        question: z.string().min(1).max(2000).describe("The reader's question"),
        search: z
          .string()
          .max(255)
          .optional()
          .describe('Key words to search for (every word must match); the question when omitted'),
        language: language()
          .optional()
          .describe("Language to search in; the site's default when omitted"),
      },
    },
    async (args) => {
      const search = args.search ?? args.question;
      const body = await callLikeTool(ctx, 'search_articles', {
        query: search.slice(0, 255),
        language: args.language,
      });
      const found = (wrapList(body, 'articles').items as ApiBody[]).map((a) => {
        const langs = articleLanguages(a);
        const lang = args.language && langs.includes(args.language) ? args.language : langs[0];
        return { article: a, lang };
      });
      const docs = found
        .slice(0, ANSWER_ARTICLES_ATTACHED)
        .map(({ article, lang }) =>
          attach(articleUri(article.id, lang), 'text/markdown', articleDocument(article, lang)),
        );
      return {
        description: `Answer: ${args.question.slice(0, 100)}`,
        messages: [
          say(
            answerText({
              question: args.question,
              search,
              language: args.language,
              found: found.map(({ article, lang }) => ({
                id: article.id,
                title: article.title?.[lang] ?? '',
                url: article._links?.view?.url,
              })),
              attached: docs.length,
            }),
          ),
          ...docs,
        ],
      };
    },
  );

  server.registerPrompt(
    'fill-search-gaps',
    {
      title: 'Fill the search gaps',
      description:
        "Instructions to close the help center's content gaps (reader searches that found nothing), with the gaps attached (reads them as kb_get_search_queries does; counts toward the 6 analytics requests per minute).",
      argsSchema: {
        from: date('First day, YYYY-MM-DD (default: 7 days ago)'),
        to: date('Last day, YYYY-MM-DD (default: yesterday)'),
        language: language().optional().describe('Only searches in this language'),
        limit: z
          .string()
          .regex(/^([1-9]|[1-4]\d|50)$/, 'limit: 1 to 50')
          .optional()
          .describe('How many gaps, 1 to 50 (default 20)'),
      },
    },
    async (args) => {
      const body = await callLikeTool(ctx, 'get_search_queries', {
        from: args.from,
        to: args.to,
        language: args.language,
        limit: args.limit === undefined ? undefined : Number(args.limit),
      });
      const gaps = (Array.isArray(body.content_gaps) ? body.content_gaps : []) as SearchGap[];
      return {
        description: `Fill ${gaps.length} search gaps`,
        messages: [say(gapsText(gaps, body.range ?? {}))],
      };
    },
  );
}
