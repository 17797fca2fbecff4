import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { fieldError, formatB, messages, notFound, readerSiteUrl } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import type { PreviewDto } from './dto/preview.dto';
import { PreviewsRepository } from './previews.repository';

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
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + PREVIEW_SECONDS * 1000);
    await this.previews.insert(
      site.id,
      {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: userId,
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
      data: {
        url: `${readerSiteUrl(site.subdomain)}/_preview/${token}`,
        expires_at: formatB(expiresAt),
      },
    };
  }
}
