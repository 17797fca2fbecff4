import { Injectable } from '@nestjs/common';
import { readerSiteUrl } from '@hc/contracts';
import { SessionRepository } from './session.repository';

/** The signed-in person and their sites with their current roles (issue 37). */
@Injectable()
export class SessionService {
  constructor(private readonly sessions: SessionRepository) {}

  /** What the dashboard starts from; null when the person no longer exists. */
  async view(userId: number, csrfToken: string) {
    const person = await this.sessions.person(userId);
    if (!person) return null;
    const sites = await this.sessions.memberSites(person.id);
    return {
      user: { id: person.id, email: person.email, name: person.name ?? '' },
      csrf_token: csrfToken,
      sites: sites.map((s) => ({
        id: s.id,
        name: s.name,
        subdomain: s.subdomain,
        url: readerSiteUrl(s.subdomain),
        role: s.role,
        notes_access: s.notesAccess,
        default_language: s.defaultLanguage,
        languages: s.languages,
        plan: s.plan,
        // Spec 4.5: staged changes need the Catalyst plan with early-preview access.
        staging: s.plan === 'catalyst' && s.stagingPreview,
      })),
    };
  }

  /** Ends one session (other devices stay signed in). */
  close(sessionHash: string): Promise<boolean> {
    return this.sessions.close(sessionHash);
  }
}
