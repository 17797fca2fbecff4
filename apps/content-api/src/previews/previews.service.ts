import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import {
  apiError,
  canEditDesign,
  DesignErrorCode,
  fieldError,
  formatB,
  messages,
  notFound,
  readerSiteUrl,
} from '@hc/contracts';
import type { Principal, SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import type { DesignPreviewDto, PreviewDto } from './dto/preview.dto';
import { PreviewHandoff, PreviewsRepository } from './previews.repository';

/** Issue 37: how long a hand-off URL may be opened (once). */
export const PREVIEW_SECONDS = 60;

/** Makes preview hand-offs (issue 37): what the URL shows is read and kept when it is made. */
@Injectable()
export class PreviewsService {
  constructor(private readonly previews: PreviewsRepository) {}

  async create(site: SiteContext, userId: number, body: PreviewDto) {
    if (!site.languages.includes(body.lang) && body.lang !== site.defaultLanguage)
      throw fieldError('lang', messages.selectedInvalid('lang'));
    const copy = body.copy ?? 'live';
    const live = await this.previews.liveText(site.id, body.article_id, body.lang);
    const staged =
      copy === 'staged'
        ? await this.previews.stagedFields(site.id, body.article_id, body.lang)
        : null;
    if (copy === 'staged' && !staged)
      throw notFound('This article has no staged changes for that language.');
    const title = staged?.title ?? live?.title;
    const content = staged?.content ?? live?.content ?? '';
    if (title === undefined || title === null)
      throw notFound(`Article not found, or it has no "${body.lang}" translation.`);
    return this.handOff(site, {
      userId,
      articleId: body.article_id,
      lang: body.lang,
      copy,
      title,
      // As readers see it: the team's internal markup never reaches the reader origin.
      content: stripInternalMarkup(content),
    });
  }

  /**
   * The design draft on one page (issue 39): the reader site renders the draft as it is when the
   * URL is opened. Only people who may edit the design get one (spec 5.2).
   */
  async createDesign(site: SiteContext, principal: Principal, body: DesignPreviewDto) {
    if (!canEditDesign(principal.role))
      throw apiError(
        DesignErrorCode.DesignForbidden,
        'Your role on this site does not include the design (Owner, Admin or Editor needed).',
      );
    return this.handOff(site, {
      userId: principal.userId,
      articleId: 0,
      lang: site.defaultLanguage,
      copy: 'design',
      title: body.page ?? 'home',
      content: '',
    });
  }

  private async handOff(
    site: SiteContext,
    handoff: Omit<PreviewHandoff, 'tokenHash' | 'expiresAt'>,
  ) {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + PREVIEW_SECONDS * 1000);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await this.previews.insert(site.id, { ...handoff, tokenHash, expiresAt }, now);
    return {
      data: {
        url: `${readerSiteUrl(site.subdomain)}/_preview/${token}`,
        expires_at: formatB(expiresAt),
      },
    };
  }
}
