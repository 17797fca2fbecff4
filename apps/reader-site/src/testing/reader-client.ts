// A tiny browser for the reader-site tests: cookies kept, redirects not followed, forms posted
// as a browser posts them (not a spec file).
import { request } from 'node:http';
import { BROWSER_UA } from './reader-fixtures';

export interface Page {
  status: number;
  html: string;
  location: string | null;
  /** The page's Content-Security-Policy header. */
  csp?: string | null;
}

export class ReaderClient {
  private jar = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly userAgent: string = BROWSER_UA,
  ) {}

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (/Max-Age=0/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return { 'user-agent': this.userAgent, ...(cookie ? { cookie } : {}), ...extra };
  }

  /** GET with another Host (fetch always sends the URL's own host), and any other headers. */
  getOnHost(path: string, host: string, headers: Record<string, string> = {}): Promise<Page> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.baseUrl}${path}`,
        { headers: { ...this.headers(headers), host } },
        (res) => {
          let html = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (html += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, html, location: res.headers.location ?? null }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Page> {
    const res = await fetch(this.baseUrl + path, {
      headers: this.headers(headers),
      redirect: 'manual',
    });
    this.remember(res);
    const html = await res.text();
    await this.loadBeacon(html);
    return {
      status: res.status,
      html,
      location: res.headers.get('location'),
      csp: res.headers.get('content-security-policy'),
    };
  }

  /** As a browser loads the page's images: its view beacon (issue #28), with this client's cookies. */
  private async loadBeacon(html: string): Promise<void> {
    const src = /<img src="([^"]+)"[^>]*data-hc-view/.exec(html)?.[1];
    if (!src) return;
    const res = await fetch(this.baseUrl + src.replace(/&amp;/g, '&'), {
      headers: this.headers(),
      redirect: 'manual',
    });
    this.remember(res);
    await res.arrayBuffer();
  }

  /**
   * Posts a form as a browser does: from the site's origin (`Origin`), with the page's CSRF
   * field (the value of the forms cookie, which pages of signed-in and password readers set)
   * unless `form` names its own `csrf`.
   */
  async post(path: string, form: Record<string, string>): Promise<Page> {
    // A person signs in (or gives the site password) from the page that asks for it.
    const base = /^\/hc\/[^/?]+/.exec(path)?.[0] ?? '';
    if (!this.jar.has('hc_reader_forms') && /\/(signin|password|signout)$/.test(path))
      await this.get(`${base}/signin`);
    const csrf = this.jar.get('hc_reader_forms');
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: this.headers({
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(this.baseUrl).origin,
      }),
      body: new URLSearchParams({ ...(csrf ? { csrf } : {}), ...form }).toString(),
      redirect: 'manual',
    });
    this.remember(res);
    return { status: res.status, html: await res.text(), location: res.headers.get('location') };
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }
}

/** A reader (a browser of its own) of the app at `app.url`, and where `site`'s pages start. */
export function readerOf(
  app: { url: string },
  site: { subdomain: string },
): { reader: ReaderClient; base: string } {
  return { reader: new ReaderClient(app.url), base: `/hc/${site.subdomain}` };
}
