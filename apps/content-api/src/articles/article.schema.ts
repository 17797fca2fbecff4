import { agrees, answers, bool, confirmation, formatA, formatB, id, ids, int } from '@hc/http';
import { langMap, links, more, nullable, obj, oneOfStr, pagedBody, refTo } from '@hc/http';
import { str, strings, success } from '@hc/http';
import type { ListedArticle } from './article.mapper';
import type { ArticlesController } from './articles.controller';

export const VISIBILITY = ['public', 'private', 'link_only'] as const;

/** An author or a note's writer: `{id, name, avatar}`. */
export const PERSON = obj({ id: int, name: str, avatar: nullable(str) });
export const RATINGS = obj({ thumbs_up: int, thumbs_down: int, love: int });

export const articleExample = {
  id: 12,
  external_id: null,
  title: { en: 'Getting started', de: 'Erste Schritte' },
  slug: { en: 'getting-started', de: 'erste-schritte' },
  content: { en: '<p>Welcome.</p>', de: '<p>Willkommen.</p>' },
  author: { id: 4, name: 'Ann', avatar: null },
  category_id: 3,
  categories: [3],
  type: 'article',
  published: true,
  has_staged_changes: false,
  staged_locales: [],
  staged_updated_at: null,
  visibility: 'public',
  share_token: null,
  views: 0,
  audio_file: null,
  metadata: { title: {}, description: {} },
  ratings: { thumbs_up: 0, thumbs_down: 0, love: 0 },
  published_translations: ['en', 'de'],
  outdated_translations: [],
  shared_with: [],
  created_at: '2026-01-31 09:30:00',
  updated_at: '2026-01-31 09:30:00',
  _links: { view: { method: 'GET', url: 'https://acme.example.com/articles/12-getting-started' } },
};

/**
 * The `Article` component of the OpenAPI document: what `toArticleResponse` and
 * `toListedArticle` return, held against their type by the compiler (issue 35 item 6).
 */
export const ARTICLE_SCHEMA = agrees<ListedArticle>()(
  more(
    obj(
      {
        id,
        external_id: nullable(str),
        title: langMap,
        slug: langMap,
        content: langMap,
        author: nullable(PERSON),
        category_id: nullable(int),
        categories: ids,
        type: nullable(oneOfStr('article', 'faq')),
        published: bool,
        has_staged_changes: bool,
        staged_locales: strings,
        staged_updated_at: nullable(formatB),
        visibility: oneOfStr(...VISIBILITY),
        share_token: nullable(str),
        views: nullable(int),
        audio_file: nullable(str),
        metadata: obj({ title: langMap, description: langMap }),
        ratings: RATINGS,
        published_translations: strings,
        outdated_translations: strings,
        shared_with: ids,
        created_at: formatA,
        updated_at: formatA,
        _links: links('view'),
        revision: int,
        deleted_at: formatB,
      },
      ['revision', 'deleted_at'],
    ),
    {
      description:
        'Spec 2.3. `type` and `views` are null in the response to a create. A dashboard session ' +
        '(issue 37) reads the stored HTML (internal notes, AI drafts and team-note highlights ' +
        'kept) and gets `revision`, which grows by one with every write of the article.',
      examples: [articleExample],
    },
  ),
  true,
);

export const article = refTo('Article', ARTICLE_SCHEMA);

/** `{status, article}`: the answer of one article (`ArticleAnswer`). */
export const ARTICLE_ANSWER = answers<ArticlesController, 'get'>()(
  obj({ status: success, article }),
  true,
);

/** The success bodies of the articles' routes, held against what their handlers return. */
export const ARTICLE_ANSWERS = {
  list: answers<ArticlesController, 'list'>()(pagedBody('articles', article), true),
  remove: answers<ArticlesController, 'remove'>()(
    confirmation({ article: obj({ id, deleted_at: formatB }) }),
    true,
  ),
};
