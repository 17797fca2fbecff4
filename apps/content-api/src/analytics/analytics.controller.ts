import { wrapSuccess } from '@hc/http';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { AnalyticsService } from './analytics.service';
import {
  AnalyticsContentQuery,
  AnalyticsQuery,
  AnalyticsSearchesQuery,
} from './dto/analytics-query.dto';

/** Spec 4.10: traffic and search figures from the daily rollup; ratings, activity, totals live. */
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @ApiOperation({ summary: 'Analytics summary for a date range' })
  @Get('summary')
  @Scopes('analytics.read')
  async summary(@CurrentSite() site: SiteContext, @Query() query: AnalyticsQuery) {
    return wrapSuccess(await this.analytics.summary(site, query));
  }

  @ApiOperation({ summary: 'Content analytics: views and ratings per article' })
  @Get('content')
  @Scopes('analytics.read')
  async content(@CurrentSite() site: SiteContext, @Query() query: AnalyticsContentQuery) {
    return wrapSuccess(await this.analytics.content(site, query));
  }

  @ApiOperation({ summary: 'Search analytics: top searches and searches without results' })
  @Get('searches')
  @Scopes('analytics.read')
  async searches(@CurrentSite() site: SiteContext, @Query() query: AnalyticsSearchesQuery) {
    return wrapSuccess(await this.analytics.searches(site, query));
  }
}
