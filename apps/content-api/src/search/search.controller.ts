import { Body, Controller, Get, HttpCode, Put, Query } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { wrapSuccess } from '@hc/http';
import { ContentRead, ContentWrite } from '../http/content-routes';
import { SearchSynonymsDto, SearchSynonymsQuery } from './dto/search-synonyms.dto';
import { SearchSynonymsService } from './search-synonyms.service';

/** The site's search settings (issue 40): synonym groups per language. */
@Controller('search')
export class SearchController {
  constructor(private readonly synonyms: SearchSynonymsService) {}

  @ContentRead(Get('synonyms'), {
    summary: "The site's search synonyms",
    description:
      'Synonym groups of one language: {`status`, `lang`, `groups`}. Words are stored folded (lower case, no accents).',
  })
  async read(@CurrentSite() site: SiteContext, @Query() query: SearchSynonymsQuery) {
    return wrapSuccess(await this.synonyms.read(site, query.lang));
  }

  @ContentWrite(Put('synonyms'), {
    summary: "Replace the site's search synonyms",
    description:
      'Replaces the synonym groups of one language (an empty `groups` removes them): {`status`, `lang`, `groups`}. ' +
      'A search for any word of a group also finds the other words, ranked below the word itself.',
  })
  @HttpCode(200)
  async replace(@CurrentSite() site: SiteContext, @Body() body: SearchSynonymsDto) {
    return wrapSuccess(await this.synonyms.replace(site, body.lang, body.groups));
  }
}
