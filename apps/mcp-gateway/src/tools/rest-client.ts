import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { createApiClient, type ApiClient, type ApiRoute } from '@hc/client';
import { currentRequestId, settings } from '@hc/contracts';
import { INTERNAL_TOKEN_HEADER } from '@hc/http';

/**
 * One call of a tool: a method and path that exist in the API's OpenAPI document (a typo fails
 * to compile), the path's parameters, the query and the JSON body.
 */
export type RestRequest = ApiRoute & {
  pathParams?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
};

export interface RestResponse {
  status: number;
  body: unknown;
}

const tracer = trace.getTracer('mcp-gateway');

/**
 * One REST call to content-api made with the caller's own bearer token, through the typed client
 * of libs/client: the gateway holds no privileges of its own (spec 4.14). The site chosen on the
 * connection goes as X-Service-Site. Issue 36: the call goes to `HC_INTERNAL_API_URL`
 * (content-api's Service, pod to pod), never to {base_url}, which is the public origin that links
 * are written with; content-api still writes its links with {base_url}.
 */
export class RestClient {
  private readonly api: ApiClient;

  constructor(
    token: string,
    siteId: string | null,
    private readonly clientIp: string | undefined,
    origin: string = settings().internalApiUrl,
  ) {
    // The document's paths carry the /v1 of {base_url} (spec 9: {api_origin}/v1).
    this.api = createApiClient({
      origin,
      token,
      ...(siteId ? { siteId } : {}),
    });
  }

  async call(req: RestRequest): Promise<RestResponse> {
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value === undefined || value === null) continue;
      // Spec 4.1 rule 7: booleans in the query string are 1/0.
      query[name] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    }
    const headers: Record<string, string> = {};
    // The API's per-IP limits should see the agent, not the gateway: content-api believes this
    // address with HC_INTERNAL_TOKEN (or from a peer its HC_TRUST_PROXY names, one machine).
    if (this.clientIp) headers['x-forwarded-for'] = this.clientIp;
    const token = settings().internalToken;
    if (token) headers[INTERNAL_TOKEN_HEADER] = token;
    // Issue 18: the API's log lines for this call carry the agent request's id.
    const requestId = currentRequestId();
    if (requestId) headers['x-request-id'] = requestId;
    // Issue 36: the call is a client span of the tool's span (fetch is not traced by the HTTP
    // instrumentation), and its `traceparent` goes along: content-api believes it only with the
    // internal token (or from a peer its HC_TRUST_PROXY names).
    return tracer.startActiveSpan(
      `content-api ${req.method.toUpperCase()} ${req.path}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': req.method.toUpperCase(), 'url.template': req.path },
      },
      async (span) => {
        propagation.inject(context.active(), headers);
        try {
          const res = await this.send(req, query, headers);
          span.setAttribute('http.response.status_code', res.status);
          if (res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          return res;
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: String(err) });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  }

  private async send(
    req: RestRequest,
    query: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<RestResponse> {
    // One place where the route's union is narrowed: the pair was checked where it was written.
    const request = this.api.request as (
      method: string,
      path: string,
      init: Record<string, unknown>,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const res = await request(req.method, req.path, {
      params: { path: req.pathParams ?? {}, query },
      ...(req.body === undefined ? {} : { body: req.body }),
      headers,
      parseAs: 'text',
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    // Success bodies come as text (parseAs); openapi-fetch has already parsed an error's JSON.
    const raw = res.response.ok ? res.data : res.error;
    if (typeof raw !== 'string') return { status: res.response.status, body: raw ?? null };
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      /* an HTML page: keep the text */
    }
    return { status: res.response.status, body };
  }
}
