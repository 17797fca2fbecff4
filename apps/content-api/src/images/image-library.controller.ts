import { Controller, Get, Query } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { PageQuery, pagingOf, wrapSuccess } from '@hc/http';
import { ImagesService } from './images.service';
import { DashboardRead } from '../http/content-routes';

/**
 * The dashboard's image library (issue 39): session only, so GET /images keeps spec 4.7 (API
 * uploads and rehosted copies, no usage).
 */
@Controller('dashboard/images')
export class ImageLibraryController {
  constructor(private readonly images: ImagesService) {}

  @DashboardRead(Get(), {
    summary: 'List every image of the site with where it is used',
    description:
      'Uploaded, rehosted and editor images, newest first (50 a page, at most 100). Each names ' +
      'the translations whose current content (drafts included, Trash excluded) contains its ' +
      'URL, with the `alt` of each `img` there (spec 2.5: the image record keeps none).',
  })
  async list(@CurrentSite() site: SiteContext, @Query() query: PageQuery) {
    return wrapSuccess(await this.images.library(site.id, pagingOf(query, 50)));
  }
}
