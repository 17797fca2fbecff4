/**
 * A cookie-keeping "browser" for OAuth flows in tests: follows authorize → sign-in → consent →
 * back to the client with plain HTTP form posts (the auth-server's server-rendered pages).
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(
    url: string,
    init: {
      method?: string;
      form?: Record<string, string | string[]>;
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers, cookie: this.cookieHeader() };
    let body: string | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    }
    if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form))
        for (const one of [v].flat()) params.append(k, one);
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.keep(res);
    return res;
  }
}

/** The hidden CSRF field of a page's form (what a browser submits with it), or ''. */
export function csrfOf(html: string): string {
  return /name="csrf" value="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
}

export interface AuthorizeOptions {
  email: string;
  password: string;
  /** Site ids to tick on the consent screen. */
  sites?: number[];
  decision?: 'approve' | 'deny';
  /** The second factor, when the sign-in asks for it (issue 38): a code or a recovery code. */
  secondFactor?: () => Record<string, string>;
}

export interface AuthorizeResult {
  /** The redirect back to the client, when the flow ended there. */
  callback?: URL;
  /** The last page shown (status and HTML) when the flow stopped on a page. */
  page?: { status: number; url: string; html: string };
  /** Every consent page shown on the way. */
  consentPages: string[];
  signInShown: boolean;
}

/** Follows a browser through authorize → sign-in → consent → back to `redirectUri`. */
export async function runAuthorization(
  browser: Browser,
  authorizeUrl: string,
  redirectUri: string,
  options: AuthorizeOptions,
): Promise<AuthorizeResult> {
  const result: AuthorizeResult = { consentPages: [], signInShown: false };
  const redirectBase = new URL(redirectUri);
  let next = authorizeUrl;
  let form: Record<string, string | string[]> | undefined;
  for (let hops = 0; hops < 20; hops++) {
    const res = await browser.fetch(next, { form });
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location')!, next);
      if (location.origin === redirectBase.origin && location.pathname === redirectBase.pathname) {
        result.callback = location;
        return result;
      }
      next = location.toString();
      continue;
    }
    const html = await res.text();
    const path = new URL(next).pathname;
    if (res.status === 200 && path.endsWith('/two-factor') && options.secondFactor) {
      form = { csrf: csrfOf(html), ...options.secondFactor() };
      continue;
    }
    if (res.status === 200 && path.startsWith('/signin/') && !path.endsWith('/two-factor')) {
      result.signInShown = true;
      form = { csrf: csrfOf(html), email: options.email, password: options.password };
      continue;
    }
    if (res.status === 200 && path.startsWith('/consent/') && !result.consentPages.includes(html)) {
      result.consentPages.push(html);
      form = {
        csrf: csrfOf(html),
        decision: options.decision ?? 'approve',
        ...(options.sites ? { site: options.sites.map(String) } : {}),
      };
      continue;
    }
    result.page = { status: res.status, url: next, html };
    return result;
  }
  throw new Error('too many redirects');
}
