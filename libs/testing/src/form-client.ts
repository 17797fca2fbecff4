/** What a form post answered. */
export interface FormAnswer {
  status: number;
  html: string;
  location: string | null;
  retryAfter: string | null;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The hidden inputs of the page's form that posts to `action` (CSRF tokens, return paths…). */
export function hiddenFields(html: string, action: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const form of html.match(/<form\b[^>]*>[\s\S]*?<\/form>/g) ?? []) {
    const target = /\baction="([^"]*)"/.exec(form)?.[1];
    if (target === undefined || decodeEntities(target) !== action) continue;
    for (const input of form.match(/<input\b[^>]*>/g) ?? []) {
      if (!/\btype="hidden"/.test(input)) continue;
      const name = /\bname="([^"]*)"/.exec(input)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? '';
      if (name) out[decodeEntities(name)] = decodeEntities(value);
    }
  }
  return out;
}

/**
 * A browser for password forms in tests: keeps cookies, sends every request from one client
 * address (`X-Forwarded-For`, honoured from loopback), and posts a form as a person would: the
 * page first, then its hidden fields with the typed ones.
 */
export class FormClient {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    readonly address: string,
    private readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      'user-agent': this.userAgent,
      'x-forwarded-for': this.address,
      ...(cookie ? { cookie } : {}),
      ...extra,
    };
  }

  private async answer(res: Response): Promise<FormAnswer> {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (/Max-Age=0/i.test(line) || value === '') this.jar.delete(pair.slice(0, i));
      else this.jar.set(pair.slice(0, i), value);
    }
    return {
      status: res.status,
      html: await res.text(),
      location: res.headers.get('location'),
      retryAfter: res.headers.get('retry-after'),
    };
  }

  /** A cookie this browser holds (the dashboard session of a sign-in, issue 37). */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async get(path: string): Promise<FormAnswer> {
    return this.answer(
      await fetch(this.baseUrl + path, { headers: this.headers(), redirect: 'manual' }),
    );
  }

  /** Opens `page`, then posts its form to `action` with `fields`. */
  async submit(page: string, action: string, fields: Record<string, string>): Promise<FormAnswer> {
    const shown = await this.get(page);
    const body = new URLSearchParams({ ...hiddenFields(shown.html, action), ...fields });
    return this.answer(
      await fetch(this.baseUrl + action, {
        method: 'POST',
        headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
        body: body.toString(),
        redirect: 'manual',
      }),
    );
  }
}
