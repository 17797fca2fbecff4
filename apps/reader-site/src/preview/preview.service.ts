import { Injectable } from '@nestjs/common';
import type { SiteId } from '@hc/contracts';
import { ContentRepository } from '../data/content.repository';
import type { ArticleRow, TranslationRow } from '../data/content.repository';
import { PreviewRepository } from './preview.repository';

/** A spent hand-off: the article with the previewed copy in place of its live language. */
export interface PreviewedArticle {
  article: ArticleRow;
  translation: TranslationRow;
}

/** A spent design hand-off (issue 39): the draft design on one of these pages. */
export interface PreviewedDesign {
  design: 'home' | 'contact' | 'notFound';
}

const DESIGN_PAGES: readonly string[] = ['home', 'contact', 'notFound'];

/** The preview hand-off's data (issue 37): single use, bound to its site. */
@Injectable()
export class PreviewService {
  constructor(
    private readonly previews: PreviewRepository,
    private readonly content: ContentRepository,
  ) {}

  /** Spends `token` and returns what it previews; null when unknown, spent, expired or gone. */
  async spend(
    siteId: SiteId,
    token: string,
    now: Date,
  ): Promise<PreviewedArticle | PreviewedDesign | null> {
    const handoff = token.length <= 64 ? await this.previews.spend(siteId, token, now) : null;
    if (handoff?.kind === 'design')
      return DESIGN_PAGES.includes(handoff.title)
        ? { design: handoff.title as PreviewedDesign['design'] }
        : null;
    const article = handoff ? await this.content.article(siteId, handoff.articleId) : null;
    if (!handoff || !article) return null;
    const live = article.translations.find((t) => t.lang === handoff.lang);
    const translation: TranslationRow = {
      lang: handoff.lang,
      title: handoff.title,
      slug: live?.slug ?? String(article.id),
      content: handoff.content,
      searchText: '',
      metaTitle: live?.metaTitle ?? null,
      metaDescription: live?.metaDescription ?? null,
      released: true,
    };
    return {
      article: {
        ...article,
        translations: [translation, ...article.translations.filter((t) => t !== live)],
      },
      translation,
    };
  }

  categories(siteId: SiteId) {
    return this.content.categories(siteId);
  }
}
