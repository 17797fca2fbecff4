import { wrapSuccess } from '@hc/http';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { DashboardRead } from '../http/content-routes';
import { DesignPreviewDto, PreviewDto } from './dto/preview.dto';
import { PreviewsService } from './previews.service';

/**
 * The preview hand-off (issue 37): the dashboard asks for a URL on the reader origin that shows
 * an article's draft or staged copy as readers would see it, with the site's design. The URL is
 * the credential: 60 seconds, one use, bound to the site, the person and the article language;
 * no cookie is needed inside the dashboard's cross-site frame.
 */
@Controller('previews')
export class PreviewsController {
  constructor(private readonly previews: PreviewsService) {}

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
    return wrapSuccess(await this.previews.create(site, ctx.principal.userId, body));
  }

  @DashboardRead(Post('design'), {
    summary: 'A single-use preview URL of the design draft on the reader origin',
    description:
      'The site’s design draft on one page, rendered by the reader site as it is when the URL ' +
      'is opened; Owners, Admins and Editors only (others 403 `design_forbidden`); the URL works ' +
      'once within 60 seconds.',
  })
  @HttpCode(201)
  async createDesign(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: DesignPreviewDto,
  ) {
    return wrapSuccess(await this.previews.createDesign(site, ctx.principal, body));
  }
}
