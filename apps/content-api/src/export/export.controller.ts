import { Controller, Get, Query } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { SharedIpLimit, wrapSuccess } from '@hc/http';
import { ExportService } from './export.service';
import { ExportQuery } from './dto/export-query.dto';
import { ContentRead } from '../http/content-routes';

@Controller('export')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  /** 30 per minute per IP on the counter shared with bulk imports and image uploads (spec 4.11, 8). */
  @ContentRead(Get(), 'Export the site’s content, one page at a time')
  @SharedIpLimit(30)
  async page(@CurrentSite() site: SiteContext, @Query() query: ExportQuery) {
    return wrapSuccess(await this.exports.page(site, query));
  }
}
