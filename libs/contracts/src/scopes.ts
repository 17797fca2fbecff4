/** Spec 5.2 `scopes_supported`, in the order discovery lists them. */
export const SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'content.read',
  'content.write',
  'analytics.read',
  'webhooks.manage',
  'notes.read',
  'notes.write',
  'design.read',
  'design.write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Scopes that guard API routes (identity scopes never do). */
export type ApiScope = Exclude<Scope, 'openid' | 'profile' | 'email' | 'offline_access'>;

export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Spec 5.1: what an API key holds, from its scope and its capabilities fixed at creation. */
export function apiKeyScopes(
  scope: ApiKeyScope,
  capabilities: { design: boolean; notes: boolean },
): ApiScope[] {
  const scopes: ApiScope[] = ['content.read', 'analytics.read'];
  if (scope === 'read_write') scopes.push('content.write');
  if (capabilities.design) {
    scopes.push('design.read');
    if (scope === 'read_write') scopes.push('design.write');
  }
  if (capabilities.notes) {
    scopes.push('notes.read');
    if (scope === 'read_write') scopes.push('notes.write');
  }
  return scopes;
}

export const ROLES = ['owner', 'admin', 'editor', 'translator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Spec 5.2: Owner, Admin or Editor may edit the design; Translators and Viewers cannot. */
export function canEditDesign(role: Role | null | undefined): boolean {
  return role === 'owner' || role === 'admin' || role === 'editor';
}

/** Spec 5.1: only an Owner or Admin of the site creates API keys. */
export function canManageKeys(role: Role | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

export const PLANS = ['starter', 'growth', 'catalyst'] as const;
export type Plan = (typeof PLANS)[number];

/** Spec 5.3: tool-server tokens work only on Growth and Catalyst sites. */
export function planHasToolServer(plan: Plan): boolean {
  return plan === 'growth' || plan === 'catalyst';
}

export const SITE_VISIBILITIES = ['public', 'private', 'password'] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];
