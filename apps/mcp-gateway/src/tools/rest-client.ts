import { currentRequestId, settings } from '@hc/contracts';

export interface RestRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path under {base_url}, e.g. `/articles/12`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
}

export interface RestResponse {
  status: number;
  body: unknown;
}

/**
 * One REST call to {base_url} made with the caller's own bearer token: the gateway holds no
 * privileges of its own (spec 4.14). The site chosen on the connection goes as X-Service-Site.
 */
export class RestClient {
  constructor(
    private readonly token: string,
    private readonly siteId: string | null,
    private readonly clientIp: string | undefined,
    private readonly baseUrl: string = settings().apiBaseUrl,
  ) {}

  async call(req: RestRequest): Promise<RestResponse> {
    const url = new URL(this.baseUrl + req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value === undefined || value === null) continue;
      url.searchParams.set(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.token}`,
    };
    if (this.siteId) headers['x-service-site'] = this.siteId;
    // The API's per-IP limits should see the agent, not the gateway.
    if (this.clientIp) headers['x-forwarded-for'] = this.clientIp;
    // Issue 18: the API's log lines for this call carry the agent request's id.
    const requestId = currentRequestId();
    if (requestId) headers['x-request-id'] = requestId;
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* an HTML page: keep the text */
    }
    return { status: res.status, body };
  }
}
