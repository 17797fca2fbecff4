import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as querystring from 'node:querystring';
import { ApiError, SCOPES, settings } from '@hc/contracts';
import { addressKey, forwardedAsJudged } from '@hc/http';
import type { RateLimitStore } from '@hc/http';
import type { ClientsService } from '../storage/clients.service';
import { errorPage } from '../pages/pages';
import { DESCRIPTIONS, HINTS, oauth } from './oauth-errors';
import type { OidcClient, OidcProvider } from './oidc-module';
import { allowedResources, CONNECT_SCOPE, OidcService } from './oidc.service';
import { requestScope } from './request-scope';

const PROVIDER_PATH = /^\/oauth\/(authorize(\/[^/?]+)?|token|jwks)(\?|$)/;
const BODY_LIMIT = 64 * 1024;
/** Spec 5.2 `scopes_supported`; anything else is `invalid_scope`. */
const KNOWN_SCOPES = new Set<string>(SCOPES);
/**
 * Client ID metadata documents one client address may make this server fetch (issue 34 item
 * 6): each is an outbound request of up to 5 s and 64 KB on an anonymous GET. Cached answers
 * (an hour, a minute for unusable ones) cost nothing and are not counted.
 */
export const METADATA_FETCHES_PER_ADDRESS = 30;
const METADATA_WINDOW_SECONDS = 3600;

/** What the authorize precheck needs besides the provider. */
export interface MetadataBudget {
  clients: Pick<ClientsService, 'hasDocument'>;
  store: RateLimitStore;
}

/**
 * Counts a fetch of a client metadata document against the client address's budget; answers
 * 429 `temporarily_unavailable` (shape (f)) with `Retry-After` past it. True when answered.
 */
async function metadataFetchRefused(
  req: Request,
  res: Response,
  clientId: string | null,
  budget: MetadataBudget,
): Promise<boolean> {
  if (!clientId || !/^https:\/\//i.test(clientId) || budget.clients.hasDocument(clientId))
    return false;
  const hit = await budget.store.hit(
    `oauth-metadata:${addressKey(req.ip)}`,
    METADATA_WINDOW_SECONDS,
  );
  if (hit.count <= METADATA_FETCHES_PER_ADDRESS) return false;
  res.setHeader('Retry-After', String(hit.resetInSeconds));
  send(
    res,
    oauth(
      'temporarily_unavailable',
      'Too many client metadata documents requested from this address; try again later',
      429,
    ),
    true,
  );
  return true;
}

function send(res: Response, error: ApiError, page: boolean): void {
  res.status(error.status).setHeader('Cache-Control', 'no-store');
  if (page && !String(res.req.headers.accept ?? '').includes('application/json')) {
    res
      .type('html')
      .send(
        errorPage(
          String(error.body.error),
          String(error.body.hint ?? error.body.error_description),
        ),
      );
  } else {
    res.json(error.body);
  }
}

async function findClient(
  provider: OidcProvider,
  id: string | null,
): Promise<OidcClient | undefined> {
  if (!id) return undefined;
  try {
    return await provider.Client.find(id);
  } catch {
    return undefined; // invalid stored metadata or an unusable metadata document
  }
}

/**
 * Spec 4.13 authorization errors the provider would otherwise answer differently: unknown
 * client or redirect URI (401, no redirect), other `resource` (400, no redirect), public client
 * without `code_challenge` (400 with hint, no redirect), unknown scope (redirect without
 * `state`). Also drops `nonce` (spec 2.11: never echoed). Returns true when answered.
 */
async function precheckAuthorize(
  req: Request,
  res: Response,
  provider: OidcProvider,
  budget: MetadataBudget,
): Promise<boolean> {
  const url = new URL(req.originalUrl, 'http://localhost');
  const q = url.searchParams;
  if (await metadataFetchRefused(req, res, q.get('client_id'), budget)) return true;
  const client = await findClient(provider, q.get('client_id'));
  const redirectUri = q.get('redirect_uri');
  if (
    !client ||
    !redirectUri ||
    q.getAll('redirect_uri').length > 1 ||
    !client.redirectUriAllowed(redirectUri)
  ) {
    send(
      res,
      oauth(
        'invalid_client',
        client ? 'The redirect_uri is not registered for this client' : undefined,
      ),
      true,
    );
    return true;
  }
  const resources = q.getAll('resource');
  if (
    resources.length > 1 ||
    (resources.length === 1 && !allowedResources().includes(resources[0]))
  ) {
    send(
      res,
      oauth('invalid_target', 'The resource must be the API origin or the tool server URL'),
      true,
    );
    return true;
  }
  if (client.clientAuthMethod === 'none' && !q.get('code_challenge')) {
    send(res, oauth('invalid_request', HINTS.pkceRequired), true);
    return true;
  }
  const unknown = (q.get('scope') ?? '').split(' ').filter((s) => s && !KNOWN_SCOPES.has(s));
  if (unknown.length > 0) {
    const target = new URL(redirectUri);
    target.searchParams.set('error', 'invalid_scope');
    target.searchParams.set('error_description', DESCRIPTIONS.invalid_scope);
    target.searchParams.set('hint', `Check the \`${unknown[0]}\` scope`);
    target.searchParams.set('iss', settings().authUrl);
    res.redirect(302, target.toString());
    return true;
  }
  let rewrite = false;
  if (q.has('nonce')) {
    q.delete('nonce');
    rewrite = true;
  }
  if (!(q.get('scope') ?? '').trim()) {
    q.set('scope', CONNECT_SCOPE);
    rewrite = true;
  }
  if (rewrite) req.url = `${url.pathname}?${q.toString()}`;
  return false;
}

function readBody(req: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, i)),
      secret: decodeURIComponent(decoded.slice(i + 1)),
    };
  } catch {
    return null;
  }
}

/**
 * Spec 4.13 token requests: form-encoded or JSON; a confidential client may send its secret
 * by HTTP Basic or in the body whichever method it registered. The provider reads form bodies
 * and insists on the registered method, so the request is normalised before it sees it.
 */
async function prepareTokenRequest(
  req: Request,
  res: Response,
  provider: OidcProvider,
): Promise<boolean> {
  let raw: string;
  try {
    raw = await readBody(req);
  } catch {
    send(res, oauth('invalid_request', 'The request body is too large'), false);
    return true;
  }
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  let params: Record<string, string | string[]> = {};
  if (type.includes('json')) {
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not an object');
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          params[k] = String(v);
        else if (Array.isArray(v)) params[k] = v.map(String);
      }
    } catch {
      send(res, oauth('invalid_request', 'The request body is not valid JSON'), false);
      return true;
    }
  } else {
    params = querystring.parse(raw) as Record<string, string | string[]>;
  }

  const basic = basicCredentials(req.headers.authorization);
  const clientId = basic?.id ?? (typeof params.client_id === 'string' ? params.client_id : null);
  const client = await findClient(provider, clientId);
  if (client && client.clientAuthMethod !== 'none') {
    const secret =
      basic?.secret ??
      (typeof params.client_secret === 'string' ? params.client_secret : undefined);
    if (secret !== undefined) {
      if (client.clientAuthMethod === 'client_secret_basic') {
        const encoded = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret)}`;
        req.headers.authorization = `Basic ${Buffer.from(encoded).toString('base64')}`;
        delete params.client_secret;
        delete params.client_id;
      } else {
        delete req.headers.authorization;
        params.client_id = client.clientId;
        params.client_secret = secret;
      }
    }
  }
  const encoded = querystring.stringify(params);
  req.headers['content-type'] = 'application/x-www-form-urlencoded';
  req.headers['content-length'] = String(Buffer.byteLength(encoded));
  delete req.headers['transfer-encoding'];
  (req as Request & { body: unknown }).body = params;
  return false;
}

/** Hands the provider's paths (authorize, resume, token, jwks) to oidc-provider. */
export function oauthMiddleware(oidc: OidcService, budget: MetadataBudget): RequestHandler {
  let callback: ((req: Request, res: Response) => void) | null = null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!PROVIDER_PATH.test(req.originalUrl)) return next();
    void (async () => {
      const provider = await oidc.provider();
      callback ??= provider.callback();
      const path = req.originalUrl.split('?')[0];
      if (
        path === '/oauth/authorize' &&
        req.method === 'GET' &&
        (await precheckAuthorize(req, res, provider, budget))
      )
        return;
      if (
        path === '/oauth/token' &&
        req.method === 'POST' &&
        (await prepareTokenRequest(req, res, provider))
      )
        return;
      // The provider runs with `proxy` on and reads the forwarded headers: only as judged.
      forwardedAsJudged(req);
      requestScope.run({}, () => callback!(req, res));
    })().catch(next);
  };
}
