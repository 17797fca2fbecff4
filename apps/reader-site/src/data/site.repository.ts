import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { trustSiteId } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';
import { jsonColumn } from '@hc/data';

/** What the reader site needs of a site row. */
export interface ReaderSite {
  /** The site scope of the reader's request, from the host lookup (issue 22). */
  id: SiteId;
  uuid: string;
  name: string;
  subdomain: string;
  defaultLanguage: string;
  languages: string[];
  visibility: 'public' | 'private' | 'password';
  passwordHash: string | null;
  suspended: boolean;
  ipAllowlist: string[];
  /** The operator let this site render stored HTML unsanitized (issue #14). */
  allowUnsafeHtml: boolean;
  /** The version of the site's reader pages (issue #28, `touchReaderPages`): what the page cache keys on. */
  pagesVersion: string;
}

/** The person behind a reader session, when it is a member's session. */
export interface ReaderMember {
  userId: number;
  name: string;
  role: string;
}

export interface ReaderSession {
  siteId: number;
  /** Null for a session opened with the site password. */
  member: ReaderMember | null;
}

const SESSION_DAYS = 7;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Sites, members and the reader sessions of the reader site (its own `reader_sessions`). */
@Injectable()
export class SiteRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  bySubdomain(subdomain: string): Promise<ReaderSite | null> {
    return this.find('subdomain', subdomain);
  }

  /** A site by its own domain (the Host a site domain is served on). */
  byDomain(host: string): Promise<ReaderSite | null> {
    return this.find('domain', host);
  }

  /** The reader site's host lookup: one of the places a `SiteId` is built (issue 22). */
  private async find(column: 'subdomain' | 'domain', value: string): Promise<ReaderSite | null> {
    const rows = await this.ds.query(
      `SELECT s.id, s.uuid, s.name, s.subdomain, s.default_language, s.languages, s.visibility,
              s.password_hash, s.suspended, s.ip_allowlist, s.allow_unsafe_html, v.version
       FROM sites s LEFT JOIN reader_page_versions v ON v.site_id = s.id
       WHERE s.${column} = ? AND s.deleted_at IS NULL`,
      [value.toLowerCase()],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: trustSiteId(Number(r.id)),
      uuid: r.uuid,
      name: r.name,
      subdomain: r.subdomain,
      defaultLanguage: r.default_language,
      languages: jsonColumn<string[]>(r.languages),
      visibility: r.visibility,
      passwordHash: r.password_hash,
      suspended: Boolean(r.suspended),
      ipAllowlist: jsonColumn<string[]>(r.ip_allowlist),
      allowUnsafeHtml: Boolean(r.allow_unsafe_html),
      pagesVersion: String(r.version ?? 0),
    };
  }

  /** A user by sign-in email with their membership of the site (null role: not a member). */
  async userForSignIn(
    siteId: SiteId,
    email: string,
  ): Promise<{
    id: number;
    passwordHash: string;
    role: string | null;
    twoFactor: boolean;
  } | null> {
    const rows = await this.ds.query(
      `SELECT u.id, u.password_hash, m.role, u.totp_enabled_at IS NOT NULL AS two_factor FROM users u
       LEFT JOIN memberships m ON m.user_id = u.id AND m.site_id = ?
       WHERE u.email = ? ORDER BY u.id LIMIT 1`,
      [siteId, email.toLowerCase()],
    );
    const r = rows[0];
    return r
      ? {
          id: Number(r.id),
          passwordHash: r.password_hash,
          role: r.role ?? null,
          twoFactor: Boolean(Number(r.two_factor)),
        }
      : null;
  }

  /** Opens a session; returns the cookie value (only its hash is stored). */
  async openSession(siteId: SiteId, userId: number | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.ds.query(
      'INSERT INTO reader_sessions (token_hash, site_id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      [sha256(token), siteId, userId, new Date(now.getTime() + SESSION_DAYS * 86_400_000), now],
    );
    return token;
  }

  async closeSession(siteId: SiteId, token: string): Promise<void> {
    await this.ds.query('DELETE FROM reader_sessions WHERE token_hash = ? AND site_id = ?', [
      sha256(token),
      siteId,
    ]);
  }

  /**
   * The session behind a cookie value on this site. A member's session holds only while the
   * person is still a member (their current role is read on every request).
   */
  async session(siteId: SiteId, token: string): Promise<ReaderSession | null> {
    const rows = await this.ds.query(
      `SELECT s.user_id, u.name, m.role FROM reader_sessions s
       LEFT JOIN users u ON u.id = s.user_id
       LEFT JOIN memberships m ON m.user_id = s.user_id AND m.site_id = s.site_id
       WHERE s.token_hash = ? AND s.site_id = ? AND s.expires_at > ?`,
      [sha256(token), siteId, new Date()],
    );
    const r = rows[0];
    if (!r) return null;
    if (r.user_id === null) return { siteId, member: null };
    if (!r.role) return null;
    return { siteId, member: { userId: Number(r.user_id), name: r.name, role: r.role } };
  }

  /** Drops expired sessions of every site (cross-site on purpose; now and then, on sign-in). */
  async purgeExpiredAcrossSites(): Promise<void> {
    await this.ds.query('DELETE FROM reader_sessions WHERE expires_at <= ? LIMIT 500', [
      new Date(),
    ]);
  }
}
