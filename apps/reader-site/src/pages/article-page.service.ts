import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ActivityRepository } from '../data/activity.repository';
import { articleHead } from '../agents/article-head';
import { articlePath, Subject } from '../render/context';
import { isBot, readerKey } from '../http/access';
import type { Admitted } from '../site/gate.service';
import type { PageExtra } from '../render/reader-page';
import { ContentRepository } from '../data/content.repository';
import type {
  ArticleRow,
  CategoryRow,
  CommentRow,
  TranslationRow,
} from '../data/content.repository';
import { mayRead } from '../serving/may-read';
import { PageRenderer } from '../serving/page-renderer';
import { queryString, refId } from '../http/reader-request';

/** The article page and its view beacon. */
@Injectable()
export class ArticlePageService {
  constructor(
    private readonly content: ContentRepository,
    private readonly activity: ActivityRepository,
    private readonly renderer: PageRenderer,
  ) {}

  /** An article page (also re-rendered by a refused comment, with `status` 422). */
  async article(
    req: Request,
    res: Response,
    admitted: Admitted,
    ref: string,
    preview: boolean,
    notice: string | null,
    status: number,
  ): Promise<void> {
    const { site, path } = admitted;
    const id = refId(ref);
    const article = id === null ? null : await this.content.article(site.id, id);
    const token = queryString(req, 'token');
    if (!article || !mayRead(article, admitted, token)) {
      return this.renderer.notFound(req, res, admitted, preview);
    }
    const released = article.translations.filter((t) => t.released);
    const translation = released.find((t) => t.lang === path.lang);
    const accessQuery =
      article.visibility === 'link_only' && token ? `?token=${encodeURIComponent(token)}` : '';
    if (!translation) {
      // Not released in this language: the reader goes to a language it is released in.
      const other = released.find((t) => t.lang === site.defaultLanguage) ?? released[0];
      if (!other) return this.renderer.notFound(req, res, admitted, preview);
      const prefix = other.lang === site.defaultLanguage ? '' : `/${other.lang}`;
      res.redirect(
        302,
        `${path.base}${prefix}${articlePath({ id: article.id, slug: other.slug })}${accessQuery}`,
      );
      return;
    }
    const comments = await this.content.comments(site.id, article.id, translation.lang);
    const { subject, extra } = await articlePageParts(req, admitted, {
      article,
      translation,
      comments,
      accessQuery,
      notice,
      categories: () => this.content.categories(site.id),
    });
    return this.renderer.render(req, res, admitted, 'article', subject, status, preview, extra);
  }

  /**
   * The view beacon of an article page (issue #28): the page's own image request, never cached,
   * so a page served from a cache (this one's, a CDN's, the browser's after a 304) still counts
   * its view, once per reader, article and day (spec 4.10). It answers 204 whatever it is asked
   * about, so it tells nothing about articles a reader may not open.
   */
  async view(
    req: Request,
    res: Response,
    admitted: Admitted,
    ref: string,
    preview: boolean,
  ): Promise<void> {
    const { site, path } = admitted;
    const id = refId(ref);
    if (id !== null && !preview && req.method === 'GET' && !isBot(req.headers['user-agent'])) {
      const lang = path.lang ?? site.defaultLanguage;
      const access = await this.content.articleAccess(site.id, id, lang);
      if (access?.released && mayRead(access, admitted, queryString(req, 'token')))
        await this.activity.recordView(site.id, id, lang, readerKey(req, res));
    }
    res.status(204).setHeader('Cache-Control', 'private, no-store');
    res.end();
  }
}

/**
 * An article page's subject and head from what was read for it (pure; the reader benchmark's
 * bare server builds the same page with it).
 */
export async function articlePageParts(
  req: Request,
  admitted: Admitted,
  read: {
    article: ArticleRow;
    translation: TranslationRow;
    comments: CommentRow[];
    accessQuery: string;
    notice: string | null;
    categories: () => Promise<CategoryRow[]>;
  },
): Promise<{ subject: Subject; extra: PageExtra }> {
  const { site } = admitted;
  const { article, translation, comments } = read;
  const rated = queryString(req, 'rated');
  const comment = queryString(req, 'comment');
  const shown = read.notice ?? (rated ? 'rated' : comment === 'pending' ? 'comment-pending' : null);
  const subject: Subject = {
    kind: 'article',
    article,
    translation,
    comments,
    replyTo: comments.find((c) => String(c.id) === queryString(req, 'reply_to')) ?? null,
    accessQuery: read.accessQuery,
    notice: shown,
  };
  const languages = [...new Set([site.defaultLanguage, ...site.languages])].filter((l) =>
    article.translations.some((t) => t.released && t.lang === l),
  );
  const extra: PageExtra = {
    title: translation.metaTitle || translation.title,
    description: translation.metaDescription,
    path: articlePath({ id: article.id, slug: translation.slug }),
    languages,
    ...(await articleHead(req, admitted, article, translation, read.categories)),
  };
  return { subject, extra };
}
