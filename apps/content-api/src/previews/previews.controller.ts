import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { formatB, fieldError, messages, notFound, readerSiteUrl } from '@hc/contracts';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import { DashboardRead } from '../content-routes';
import { PreviewDto } from './dto/preview.dto';
import { PreviewsRepository } from './previews.repository';

/** Issue 37: how long a hand-off URL may be opened (once). */
export const PREVIEW_SECONDS = 60;

/**
 * The preview hand-off (issue 37): the dashboard asks for a URL on the reader origin that shows
 * an article's draft or staged copy as readers would see it, with the site's design. The URL is
 * the credential: 60 seconds, one use, bound to the site, the person and the article language;
 * no cookie is needed inside the dashboard's cross-site frame.
 */
@Controller('previews')
export class PreviewsController {
  constructor(private readonly previews: PreviewsRepository) {}

  @DashboardRead(Post(), {
    summary: 'A single-use preview URL on the reader origin',
    description:
      'An article’s draft (`copy` `live`) or staged copy in one language, rendered by the ' +
      'reader site with the site’s design; the URL works once within 60 seconds.',
  })
  @HttpCode(201)
  async create(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: PreviewDto,
  ) {
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
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + PREVIEW_SECONDS * 1000);
    await this.previews.insert(
      site.id,
      {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: ctx.principal.userId,
        articleId: body.article_id,
        lang: body.lang,
        copy,
        title,
        // As readers see it: the team's internal markup never reaches the reader origin.
        content: stripInternalMarkup(content),
        expiresAt,
      },
      now,
    );
    return {
      status: 'success',
      data: {
        url: `${readerSiteUrl(site.subdomain)}/_preview/${token}`,
        expires_at: formatB(expiresAt),
      },
    };
  }
}
