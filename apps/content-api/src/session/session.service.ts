import { Injectable } from '@nestjs/common';
import { apiError, CommonErrorCode, readerSiteUrl, settings } from '@hc/contracts';
import { SitesService } from '../sites/sites.service';
import type { FirstSiteDto } from './dto/first-site.dto';
import { SessionRepository } from './session.repository';

/** The signed-in person and their sites with their current roles (issue 37). */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly sites: SitesService,
  ) {}

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

  /** The person's first site (issue 38); refused once they belong to any site. */
  async createFirstSite(userId: number, body: FirstSiteDto) {
    if ((await this.sessions.memberSites(userId)).length > 0) {
      throw apiError(
        CommonErrorCode.Forbidden,
        'You already belong to a help center; ask the platform operator for another one.',
      );
    }
    const site = await this.sites.create({
      ownerUserId: userId,
      name: body.name,
      subdomain: body.subdomain,
      defaultLanguage: body.default_language,
      languages: body.languages,
      plan: settings().values.HC_SIGNUP_PLAN,
    });
    return {
      id: site.id,
      name: site.name,
      subdomain: site.subdomain,
      url: readerSiteUrl(site.subdomain),
    };
  }

  /** Ends one session (other devices stay signed in). */
  close(sessionHash: string): Promise<boolean> {
    return this.sessions.close(sessionHash);
  }
}
