import type { SessionSite } from '../api/contract';

/** A site of the session as GET /v1/session answers it, with the person's role on it. */
export const testSite = (
  role: SessionSite['role'],
  more: Partial<SessionSite> = {},
): SessionSite => ({
  id: 5,
  name: 'Acme',
  subdomain: 'acme',
  url: 'http://acme.example',
  role,
  notes_access: false,
  default_language: 'en',
  languages: ['en'],
  plan: 'catalyst',
  staging: true,
  ...more,
});
