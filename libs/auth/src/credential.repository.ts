import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { trustSiteId } from '@hc/contracts';
import type { ApiKeyScope, Plan, Role, SiteVisibility } from '@hc/contracts';
import type { SiteContext } from './request-context';
import { jsonColumn } from '@hc/data';

interface SiteRow {
  site_id: number;
  site_uuid: string;
  site_account_id: number;
  site_name: string;
  subdomain: string;
  domain: string | null;
  default_language: string;
  languages: string[] | string;
  visibility: SiteVisibility;
  suspended: number | boolean;
  ip_allowlist: string[] | string;
  plan: Plan;
  staging_preview: number | boolean;
  template_editor: number | boolean;
  allow_unsafe_html: number | boolean;
  site_created_at: Date;
}

export interface ApiKeyRow extends SiteRow {
  key_id: number;
  user_id: number;
  user_account_id: number;
  scope: ApiKeyScope;
  cap_design: number;
  cap_notes: number;
  role: Role | null;
  notes_access: number | null;
  last_used_at: Date | null;
}

/** Issue 38: a key's last use is written at most once in this long. */
export const KEY_USE_RESOLUTION_MS = 60_000;

/** The columns `toSiteContext` reads, from `sites s`. */
export const SITE_COLUMNS = `s.id AS site_id, s.uuid AS site_uuid, s.account_id AS site_account_id,
  s.name AS site_name, s.subdomain, s.domain, s.default_language, s.languages, s.visibility,
  s.suspended, s.ip_allowlist, s.plan, s.staging_preview, s.template_editor,
  s.allow_unsafe_html,
  s.created_at AS site_created_at`;

/** The credential guard's site: the one place a request's `SiteId` is built (issue 22). */
export function toSiteContext(row: SiteRow): SiteContext {
  return {
    id: trustSiteId(row.site_id),
    uuid: row.site_uuid,
    accountId: row.site_account_id,
    name: row.site_name,
    subdomain: row.subdomain,
    domain: row.domain,
    defaultLanguage: row.default_language,
    languages: jsonColumn<string[]>(row.languages),
    visibility: row.visibility,
    suspended: Boolean(row.suspended),
    ipAllowlist: jsonColumn<string[]>(row.ip_allowlist),
    plan: row.plan,
    stagingPreview: Boolean(row.staging_preview),
    templateEditor: Boolean(row.template_editor),
    allowUnsafeHtml: Boolean(row.allow_unsafe_html),
    createdAt: row.site_created_at,
  };
}

/** A live (not deleted) site's context by id, across sites: for code that is given a site id
 * by something it already trusts (an invitation link's stored row, an operator command). */
export async function findSiteContext(
  manager: Pick<EntityManager, 'query'>,
  siteId: number,
): Promise<SiteContext | null> {
  const rows = await manager.query(
    `SELECT ${SITE_COLUMNS} FROM sites s WHERE s.id = ? AND s.deleted_at IS NULL`,
    [siteId],
  );
  return rows[0] ? toSiteContext(rows[0]) : null;
}

/** The lookups the credential guard makes: one indexed query per request for an API key. */
@Injectable()
export class CredentialRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async findActiveKey(tokenHash: string): Promise<ApiKeyRow | null> {
    const rows: ApiKeyRow[] = await this.ds.query(
      `SELECT k.id AS key_id, k.user_id, k.scope, k.cap_design, k.cap_notes, k.last_used_at,
              u.account_id AS user_account_id, m.role, m.notes_access, ${SITE_COLUMNS}
         FROM api_keys k
         JOIN sites s ON s.id = k.site_id AND s.deleted_at IS NULL
         JOIN users u ON u.id = k.user_id
         LEFT JOIN memberships m ON m.site_id = k.site_id AND m.user_id = k.user_id
        WHERE k.token_hash = ? AND k.revoked_at IS NULL
        LIMIT 1`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /**
   * Issue 38: records that the key was used now, unless it was recorded less than a minute ago
   * (so a busy key costs one write a minute, and concurrent requests write it once).
   */
  async recordKeyUse(row: Pick<ApiKeyRow, 'key_id' | 'last_used_at'>, now: Date): Promise<void> {
    const since = new Date(now.getTime() - KEY_USE_RESOLUTION_MS);
    if (row.last_used_at && new Date(row.last_used_at) > since) return;
    await this.ds.query(
      'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',
      [now, row.key_id, since],
    );
  }

  /** A site with the person's membership on it; null when the site is gone. */
  async findSiteForUser(
    siteId: number,
    userId: number,
  ): Promise<{
    site: SiteContext;
    role: Role | null;
    notesAccess: boolean;
    /** Issue 38: the site requires two-factor sign-in and the person has not turned it on. */
    twoFactorMissing: boolean;
  } | null> {
    const rows: (SiteRow & {
      role: Role | null;
      notes_access: number | null;
      two_factor_missing: number;
    })[] = await this.ds.query(
      `SELECT ${SITE_COLUMNS}, m.role, m.notes_access,
              s.require_two_factor = 1 AND u.totp_enabled_at IS NULL AS two_factor_missing
         FROM sites s
         LEFT JOIN memberships m ON m.site_id = s.id AND m.user_id = ?
         LEFT JOIN users u ON u.id = ?
        WHERE s.id = ? AND s.deleted_at IS NULL`,
      [userId, userId, siteId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      site: toSiteContext(row),
      role: row.role,
      notesAccess: Boolean(row.notes_access),
      twoFactorMissing: Boolean(Number(row.two_factor_missing)),
    };
  }

  /** A dashboard session that has not expired, with its person's account (issue 37). */
  async findDashboardSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ userId: number; accountId: number; csrfToken: string } | null> {
    const rows: { user_id: number; account_id: number; csrf_token: string }[] = await this.ds.query(
      `SELECT d.user_id, u.account_id, d.csrf_token
         FROM dashboard_sessions d JOIN users u ON u.id = d.user_id
        WHERE d.token_hash = ? AND d.expires_at > ?`,
      [tokenHash, now],
    );
    const r = rows[0];
    return r
      ? { userId: Number(r.user_id), accountId: Number(r.account_id), csrfToken: r.csrf_token }
      : null;
  }

  /** The sites the person is a member of (a session that named none is told which it may). */
  async memberSiteIds(userId: number): Promise<number[]> {
    const rows: { site_id: number }[] = await this.ds.query(
      `SELECT m.site_id FROM memberships m JOIN sites s ON s.id = m.site_id AND s.deleted_at IS NULL
        WHERE m.user_id = ? ORDER BY m.site_id`,
      [userId],
    );
    return rows.map((r) => Number(r.site_id));
  }

  async findUserAccount(userId: number): Promise<number | null> {
    const rows: { account_id: number }[] = await this.ds.query(
      'SELECT account_id FROM users WHERE id = ?',
      [userId],
    );
    return rows[0]?.account_id ?? null;
  }
}
