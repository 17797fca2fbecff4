import {
  applyDecorators,
  Controller,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { apiError, AuthErrorCode } from '@hc/contracts';
import type { ApiScope } from '@hc/contracts';
import type { RequestContext, SiteContext } from './request-context';

export const PUBLIC_KEY = 'hc:public';
export const SCOPES_KEY = 'hc:scopes';
export const SITE_OPTIONAL_KEY = 'hc:site-optional';
export const COUNTS_AS_WRITE_KEY = 'hc:counts-as-write';
export const API_KEYS_ONLY_KEY = 'hc:api-keys-only';
export const SESSION_ONLY_KEY = 'hc:session-only';
export const TRANSLATOR_MAY_KEY = 'hc:translator-may';

/** No credential needed (health checks, upload URLs, reader pages). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * A controller at `path` whose routes take no API credential (the auth-server's pages and OAuth
 * endpoints authenticate people and clients themselves).
 */
export const PublicController = (path: string): ClassDecorator =>
  applyDecorators(Controller(path), Public());

/**
 * The scopes a route needs; every non-public route declares them. `@Scopes()` with none means
 * any valid credential (GET /, GET /account).
 */
export const Scopes = (...scopes: ApiScope[]) => SetMetadata(SCOPES_KEY, scopes);

/** The route works before a site is chosen (spec 4.3: GET /sites, GET /, GET /account). */
export const SiteOptional = () => SetMetadata(SITE_OPTIONAL_KEY, true);

/** Counts toward the 120 writes per minute even though it is a read (spec 8). */
export const CountsAsWrite = () => SetMetadata(COUNTS_AS_WRITE_KEY, true);

/** Only API keys; an OAuth token gets 401 `Unknown API key` (spec 5.2: change sets). */
export const ApiKeysOnly = () => SetMetadata(API_KEYS_ONLY_KEY, true);

/**
 * An operation the spec reserves for the dashboard (issue 37): only a dashboard session; an API
 * key or OAuth token gets 403 `session_required`. `csrf: false` only for GET /session, which
 * hands the page its anti-CSRF token.
 */
export const SessionOnly = (options: { csrf?: boolean } = {}) =>
  SetMetadata(SESSION_ONLY_KEY, { csrf: options.csrf ?? true });

/**
 * A `content.write` route a Translator's session may call (issue 37): the handler lets through
 * only per-language fields of languages other than the site's default (`checkTranslatorWrite`).
 */
export const TranslatorMay = () => SetMetadata(TRANSLATOR_MAY_KEY, true);

function contextOf(ctx: ExecutionContext): RequestContext {
  const req = ctx.switchToHttp().getRequest<{ hc?: RequestContext }>();
  if (!req.hc) throw new Error('No request context: the route is @Public()');
  return req.hc;
}

/** The request context {credential, principal, scopes, site}. */
export const Ctx = createParamDecorator((_: unknown, ctx: ExecutionContext) => contextOf(ctx));

/** The request's site; routes using it are never @SiteOptional. */
export const CurrentSite = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): SiteContext => {
    const site = contextOf(ctx).site;
    if (!site)
      throw apiError(AuthErrorCode.SiteRequired, 'Choose a site with X-Service-Site or ?site=.', {
        sites: [],
      });
    return site;
  },
);
