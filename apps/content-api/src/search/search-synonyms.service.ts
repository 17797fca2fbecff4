import { Injectable } from '@nestjs/common';
import { fieldError, messages } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { siteHasLanguage } from '@hc/content';
import { SearchSynonymsRepository } from './search-synonyms.repository';

/** GET and PUT /search/synonyms (issue 40). */
@Injectable()
export class SearchSynonymsService {
  constructor(private readonly synonyms: SearchSynonymsRepository) {}

  async read(site: SiteContext, lang: string | undefined) {
    const language = this.language(site, lang);
    return { lang: language, groups: await this.synonyms.read(site.id, language) };
  }

  async replace(site: SiteContext, lang: string | undefined, groups: string[][]) {
    const language = this.language(site, lang);
    await this.synonyms.replace(site, language, groups);
    return { lang: language, groups: await this.synonyms.read(site.id, language) };
  }

  private language(site: SiteContext, lang: string | undefined): string {
    if (lang === undefined) return site.defaultLanguage;
    if (!siteHasLanguage(site, lang)) {
      throw fieldError('lang', messages.selectedInvalid('lang'), undefined, 400);
    }
    return lang;
  }
}
