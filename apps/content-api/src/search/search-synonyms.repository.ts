import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import { readSynonyms, touchReaderPages, writeSynonyms } from '@hc/data';

/** A site's synonym groups (issue 40; the search port reads them, libs/data `ArticleSearch`). */
@Injectable()
export class SearchSynonymsRepository {
  constructor(private readonly ds: DataSource) {}

  read(siteId: SiteId, lang: string): Promise<string[][]> {
    return readSynonyms(this.ds, siteId, lang);
  }

  /** Replaces the groups; reader pages (search pages included) are rendered afresh. */
  async replace(siteId: SiteId, lang: string, groups: string[][]): Promise<void> {
    await this.ds.transaction(async (m) => {
      await writeSynonyms(m, siteId, lang, groups);
      await touchReaderPages(m, siteId);
    });
  }
}
