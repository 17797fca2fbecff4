import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { findSiteContext, SITE_COLUMNS, toSiteContext } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { touchReaderPages } from '@hc/data';
import { trustSiteId } from '@hc/contracts';
import type { Plan, SiteId, SiteVisibility } from '@hc/contracts';

export interface NewSite {
  uuid: string;
  accountId: number;
  name: string;
  subdomain: string;
  defaultLanguage: string;
  languages: string[];
  plan: Plan;
  stagingPreview: boolean;
  templateEditor: boolean;
}

export interface SiteChanges {
  name?: string;
  subdomain?: string;
  /** A custom domain; null removes it. */
  domain?: string | null;
  defaultLanguage?: string;
  visibility?: SiteVisibility;
  passwordHash?: string | null;
  suspended?: boolean;
  ipAllowlist?: string[];
  plan?: Plan;
  stagingPreview?: boolean;
  languages?: string[];
  templateEditor?: boolean;
  allowUnsafeHtml?: boolean;
}

const COLUMN_OF: Record<keyof SiteChanges, string> = {
  name: 'name',
  subdomain: 'subdomain',
  domain: 'domain',
  defaultLanguage: 'default_language',
  visibility: 'visibility',
  passwordHash: 'password_hash',
  suspended: 'suspended',
  ipAllowlist: 'ip_allowlist',
  plan: 'plan',
  stagingPreview: 'staging_preview',
  languages: 'languages',
  templateEditor: 'template_editor',
  allowUnsafeHtml: 'allow_unsafe_html',
};

@Injectable()
export class SitesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async findById(
    siteId: number,
    manager: EntityManager = this.ds.manager,
  ): Promise<SiteContext | null> {
    return findSiteContext(manager, siteId);
  }

  async findByIds(siteIds: number[]): Promise<SiteContext[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.ds.query(
      `SELECT ${SITE_COLUMNS} FROM sites s WHERE s.id IN (?) AND s.deleted_at IS NULL ORDER BY s.id`,
      [siteIds],
    );
    return rows.map(toSiteContext);
  }

  /** The live sites the person is a member of, by id (a dashboard session's GET /sites). */
  async findForMember(userId: number): Promise<SiteContext[]> {
    const rows = await this.ds.query(
      `SELECT ${SITE_COLUMNS} FROM sites s JOIN memberships m ON m.site_id = s.id AND m.user_id = ?
        WHERE s.deleted_at IS NULL ORDER BY s.id`,
      [userId],
    );
    return rows.map(toSiteContext);
  }

  /** The live (not deleted) site at this subdomain. */
  async findBySubdomain(subdomain: string): Promise<SiteContext | null> {
    const rows = await this.ds.query(
      `SELECT ${SITE_COLUMNS} FROM sites s WHERE s.subdomain = ? AND s.deleted_at IS NULL`,
      [subdomain],
    );
    return rows[0] ? toSiteContext(rows[0]) : null;
  }

  /** Whether another site (deleted ones included: their addresses are not reused) has it. */
  async subdomainTaken(subdomain: string, exceptSiteId = 0): Promise<boolean> {
    const rows = await this.ds.query(
      'SELECT 1 FROM sites WHERE subdomain = ? AND id <> ? LIMIT 1',
      [subdomain, exceptSiteId],
    );
    return rows.length > 0;
  }

  /** Whether another site has this custom domain (issue 38 item 5: unique). */
  async domainTaken(domain: string, exceptSiteId: number): Promise<boolean> {
    const rows = await this.ds.query('SELECT 1 FROM sites WHERE domain = ? AND id <> ? LIMIT 1', [
      domain,
      exceptSiteId,
    ]);
    return rows.length > 0;
  }

  /** Whether the site has a reader password set (never the hash itself). */
  async hasPassword(siteId: SiteId): Promise<boolean> {
    const rows = await this.ds.query(
      'SELECT password_hash IS NOT NULL AS set_ FROM sites WHERE id = ?',
      [siteId],
    );
    return Boolean(Number(rows[0]?.set_ ?? 0));
  }

  /**
   * Whether the site requires two-factor sign-in of its members (issue 38) and how many of
   * them have it off: each of those is refused on this site while it is required.
   */
  async twoFactor(siteId: SiteId): Promise<{ required: boolean; membersWithout: number }> {
    const [r] = await this.ds.query(
      `SELECT s.require_two_factor AS required,
              (SELECT COUNT(*) FROM memberships m JOIN users u ON u.id = m.user_id
                WHERE m.site_id = s.id AND u.totp_enabled_at IS NULL) AS without_
         FROM sites s WHERE s.id = ?`,
      [siteId],
    );
    return {
      required: Boolean(Number(r?.required ?? 0)),
      membersWithout: Number(r?.without_ ?? 0),
    };
  }

  /** A new site: the operator's `site create`, where a site's `SiteId` is born. */
  async insert(manager: EntityManager, site: NewSite): Promise<SiteId> {
    const now = new Date();
    const result = await manager.query(
      `INSERT INTO sites (uuid, account_id, name, subdomain, default_language, languages, visibility,
         suspended, ip_allowlist, plan, staging_preview, template_editor, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'public', 0, '[]', ?, ?, ?, ?, ?)`,
      [
        site.uuid,
        site.accountId,
        site.name,
        site.subdomain,
        site.defaultLanguage,
        JSON.stringify(site.languages),
        site.plan,
        site.stagingPreview,
        site.templateEditor,
        now,
        now,
      ],
    );
    return trustSiteId(result.insertId as number);
  }

  async update(siteId: SiteId, manager: EntityManager, changes: SiteChanges): Promise<void> {
    await touchReaderPages(manager, siteId);
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [key, value] of Object.entries(changes) as [keyof SiteChanges, unknown][]) {
      if (value === undefined) continue;
      sets.push(`${COLUMN_OF[key]} = ?`);
      values.push(Array.isArray(value) ? JSON.stringify(value) : value);
    }
    if (sets.length === 0) return;
    sets.push('updated_at = ?');
    values.push(new Date(), siteId);
    await manager.query(
      `UPDATE sites SET ${sets.join(', ')} WHERE id = ? AND deleted_at IS NULL`,
      values,
    );
  }

  /**
   * Ends the reader sessions the site's password granted (issue 34 item 4: a changed password
   * lets in only who knows the new one); members' sessions stay.
   */
  async endPasswordSessions(siteId: SiteId, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM reader_sessions WHERE site_id = ? AND user_id IS NULL', [
      siteId,
    ]);
  }

  async softDelete(siteId: SiteId, manager: EntityManager): Promise<void> {
    await touchReaderPages(manager, siteId);
    await manager.query('UPDATE sites SET deleted_at = ? WHERE id = ?', [new Date(), siteId]);
  }
}
