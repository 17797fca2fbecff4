import { settings } from '@hc/contracts';
import { escapeHtml } from '@hc/http';
import { stylesheet } from './stylesheet';

/** Spec 5.2 scopes as the consent screen describes them. */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Confirm who you are',
  profile: 'See your name and picture',
  email: 'See your email address',
  offline_access: 'Stay connected when you are not using it',
  'content.read': 'Read articles, categories, images and comments',
  'content.write': 'Create, change and delete articles, categories, images and comments',
  'analytics.read': 'Read analytics',
  'webhooks.manage': 'Manage webhooks',
  'notes.read': 'Read team notes',
  'notes.write': 'Write and resolve team notes',
  'design.read': 'Read the help center design',
  'design.write': 'Change and publish the help center design',
};

const e = (v: string | number) => escapeHtml(String(v));

export function layout(title: string, body: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<link rel="stylesheet" href="${e(stylesheet().href)}"></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

export function errorPage(error: string, description: string): string {
  return layout(
    'Authorization failed',
    `<h1>Authorization failed</h1><p><code id="error">${e(error)}</code></p><p>${e(description)}</p>`,
  );
}

/** The hidden CSRF field every form of these pages carries (issues #14, #15). */
export function csrfField(token: string): string {
  return `<input type="hidden" name="csrf" value="${e(token)}">`;
}

export function signInPage(
  action: string,
  options: { csrf: string; email?: string; error?: string; returnTo?: string; notice?: string },
): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>` +
      (options.notice ? `<p role="status">${e(options.notice)}</p>` : '') +
      (options.error ? `<p class="error" role="alert">${e(options.error)}</p>` : '') +
      `<form method="post" action="${e(action)}">` +
      csrfField(options.csrf) +
      (options.returnTo
        ? `<input type="hidden" name="return" value="${e(options.returnTo)}">`
        : '') +
      `<label>Email <input type="email" name="email" autocomplete="username" required value="${e(options.email ?? '')}"></label>` +
      `<label>Password <input type="password" name="password" autocomplete="current-password" required></label>` +
      `<button type="submit">Sign in</button></form>` +
      `<p class="muted"><a href="/signin/password/forgot">Forgot your password?</a>` +
      (settings().signup === 'open'
        ? ` · <a href="/signin/account/new">Create an account</a>`
        : '') +
      `</p>`,
  );
}

export interface ConsentSite {
  id: number;
  name: string;
  subdomain: string;
  eligible: boolean;
  checked: boolean;
}

export function consentPage(
  action: string,
  view: {
    clientName: string;
    scopes: string[];
    sites: ConsentSite[];
    csrf: string;
    error?: string;
  },
): string {
  const scopes = view.scopes.length
    ? `<ul>${view.scopes.map((s) => `<li><strong>${e(s)}</strong>: ${e(SCOPE_DESCRIPTIONS[s] ?? s)}</li>`).join('')}</ul>`
    : '<p class="muted">No permissions beyond identifying the app.</p>';
  let sites: string;
  if (view.sites.length === 0) {
    sites = '<p class="muted">Your account owns no help center yet.</p>';
  } else if (view.sites.length === 1) {
    // One site: shown, nothing to choose (spec 4.13).
    const [site] = view.sites;
    sites =
      `<p>${e(site.name)} <span class="muted">(${e(site.subdomain)})</span>` +
      (site.eligible
        ? ''
        : ' <span class="muted">— its plan does not include the tool server</span>') +
      `</p>` +
      (site.eligible ? `<input type="hidden" name="site" value="${site.id}">` : '');
  } else {
    sites =
      '<fieldset><legend>Help centers to share</legend>' +
      view.sites
        .map(
          (site) =>
            `<label><input type="checkbox" name="site" value="${site.id}"` +
            `${site.checked ? ' checked' : ''}${site.eligible ? '' : ' disabled'}> ${e(site.name)} ` +
            `<span class="muted">(${e(site.subdomain)})</span>` +
            (site.eligible
              ? ''
              : ' <span class="muted">— its plan does not include the tool server</span>') +
            `</label>`,
        )
        .join('') +
      '</fieldset>';
  }
  return layout(
    `Connect ${view.clientName}`,
    `<h1>${e(view.clientName)} wants to access your help centers</h1>` +
      (view.error ? `<p class="error" role="alert">${e(view.error)}</p>` : '') +
      `<form method="post" action="${e(action)}">` +
      csrfField(view.csrf) +
      `<h2>Permissions</h2>${scopes}<h2>Help centers</h2>${sites}` +
      `<button type="submit" name="decision" value="approve">Allow</button> ` +
      `<button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export interface ConnectionView {
  userId: number;
  clientId: string;
  clientName: string;
  personEmail: string;
  scopes: string[];
  siteIds: number[];
  connectedAt: string;
}

/** A refused form post (no valid CSRF token, or posted from another origin). */
export const FORM_EXPIRED = 'The form expired. Reload the page and try again.';
