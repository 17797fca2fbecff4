import type { ApiKeyScope, Plan, Role, SiteId, SiteVisibility } from '@hc/contracts';

/** The site a request acts on, loaded once by the credential guard. */
export interface SiteContext {
  /** The site scope every tenant-data repository method takes first (issue 22). */
  id: SiteId;
  uuid: string;
  accountId: number;
  name: string;
  subdomain: string;
  domain: string | null;
  defaultLanguage: string;
  languages: string[];
  visibility: SiteVisibility;
  suspended: boolean;
  ipAllowlist: string[];
  plan: Plan;
  stagingPreview: boolean;
  templateEditor: boolean;
  /** Reader pages render stored HTML unsanitized (issue #14, operator only). */
  allowUnsafeHtml: boolean;
  createdAt: Date;
}

export interface ApiKeyCredential {
  kind: 'api_key';
  keyId: number;
  scope: ApiKeyScope;
  capabilities: { design: boolean; notes: boolean };
}

export interface OAuthCredential {
  kind: 'oauth';
  clientId: string;
  grantId: string | null;
  tokenId: string;
  /** The token's `aud` contains {mcp_url} (spec 5.3). */
  toolTraffic: boolean;
  /** Sites this person shared with the app (site scopes: the token names them). */
  siteIds: SiteId[];
}

/** A person signed in to the dashboard (issue 37): the session cookie plus its anti-CSRF header. */
export interface DashboardCredential {
  kind: 'dashboard';
  /** The session row's key (SHA-256 of the cookie), for signing out. */
  sessionHash: string;
  csrfToken: string;
}

/** The person behind the credential (an API key's creator, or the person who approved the app). */
export interface Principal {
  userId: number;
  accountId: number;
  /** The person's current role on the request's site, or null when not a member. */
  role: Role | null;
  /** The person's current team-notes access on the request's site. */
  notesAccess: boolean;
}

export interface RequestContext {
  credential: ApiKeyCredential | OAuthCredential | DashboardCredential;
  principal: Principal;
  scopes: ReadonlySet<string>;
  /** Null only on routes that work before a site is chosen (GET /, /sites, /account). */
  site: SiteContext | null;
  /**
   * The rate-limit budget: one per API key, one per app and account for OAuth (spec 5.2), one per
   * person and site for a dashboard session (issue 37).
   */
  rateLimitKey: string;
}

/** What the request object carries once the guard has run. */
export interface HcRequest {
  hc?: RequestContext;
}
