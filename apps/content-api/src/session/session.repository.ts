import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { jsonColumn } from '@hc/data';
import type { Plan, Role } from '@hc/contracts';

export interface SessionPerson {
  id: number;
  email: string;
  name: string | null;
}

export interface MemberSite {
  id: number;
  name: string;
  subdomain: string;
  role: Role;
  notesAccess: boolean;
  defaultLanguage: string;
  languages: string[];
  plan: Plan;
  stagingPreview: boolean;
}

/** The signed-in person, their sites and the end of their session (issue 37). */
@Injectable()
export class SessionRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async person(userId: number): Promise<SessionPerson | null> {
    const rows: { id: number; email: string; name: string | null }[] = await this.ds.query(
      'SELECT id, email, name FROM users WHERE id = ?',
      [userId],
    );
    const r = rows[0];
    return r ? { id: Number(r.id), email: r.email, name: r.name } : null;
  }

  /** Every live site the person is a member of, with their current role there, by id. */
  async memberSites(userId: number): Promise<MemberSite[]> {
    const rows = await this.ds.query(
      `SELECT s.id, s.name, s.subdomain, s.default_language, s.languages, s.plan,
              s.staging_preview, m.role, m.notes_access
         FROM memberships m JOIN sites s ON s.id = m.site_id AND s.deleted_at IS NULL
        WHERE m.user_id = ? ORDER BY s.id`,
      [userId],
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      name: r.name as string,
      subdomain: r.subdomain as string,
      role: r.role as Role,
      notesAccess: Boolean(r.notes_access),
      defaultLanguage: r.default_language as string,
      languages: jsonColumn<string[]>(r.languages),
      plan: r.plan as Plan,
      stagingPreview: Boolean(r.staging_preview),
    }));
  }

  /** Ends one session (its row is keyed by the cookie's hash); true when it existed. */
  async close(sessionHash: string): Promise<boolean> {
    const result = await this.ds.query('DELETE FROM dashboard_sessions WHERE token_hash = ?', [
      sessionHash,
    ]);
    return Number(result.affectedRows ?? 0) > 0;
  }
}
