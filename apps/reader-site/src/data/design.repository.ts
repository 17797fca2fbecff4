import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DesignDocument, DesignTranslations } from './design-document';
import type { SiteId } from '@hc/contracts';

export interface StoredDesign {
  versionId: number;
  document: DesignDocument;
  translations: DesignTranslations;
}

/** Reads the design service's tables: the live version, or the draft for a preview. */
@Injectable()
export class DesignRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async version(siteId: SiteId, which: 'live' | 'draft'): Promise<StoredDesign | null> {
    const column = which === 'live' ? 'live_version_id' : 'draft_version_id';
    const rows = await this.ds.query(
      `SELECT v.id, v.document, v.translations FROM design_sites d
       JOIN design_versions v ON v.id = d.${column} AND v.site_id = d.site_id
       WHERE d.site_id = ?`,
      [siteId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      versionId: Number(r.id),
      document: JSON.parse(r.document) as DesignDocument,
      translations: r.translations ? (JSON.parse(r.translations) as DesignTranslations) : {},
    };
  }
}
