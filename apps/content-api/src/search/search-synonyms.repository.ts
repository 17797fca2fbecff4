import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import { readSynonyms, touchReaderPages, writeSynonyms } from '@hc/data';
import { writeAuditEvent } from '@hc/events';

/** A site's synonym groups (issue 40; the search port reads them, libs/data `ArticleSearch`). */
@Injectable()
export class SearchSynonymsRepository {
  constructor(private readonly ds: DataSource) {}

  read(siteId: SiteId, lang: string): Promise<string[][]> {
    return readSynonyms(this.ds, siteId, lang);
  }

  /**
   * Replaces the groups; reader pages (search pages included) are rendered afresh; one audit entry
   * (`synonyms.update` on the site) in the same transaction.
   */
  async replace(
    site: { id: SiteId; uuid: string },
    lang: string,
    groups: string[][],
  ): Promise<void> {
    await this.ds.transaction(async (m) => {
      await writeSynonyms(m, site.id, lang, groups);
      await touchReaderPages(m, site.id);
      await writeAuditEvent(m, site, 'synonyms.update', { type: 'site', id: site.id });
    });
  }
}
