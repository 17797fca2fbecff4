import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  apiError,
  ApiError,
  apiKeyScopes,
  AuthErrorCode,
  insufficientScope,
  planHasToolServer,
  setCurrentActor,
  settings,
  trustSiteId,
  unauthorized,
} from '@hc/contracts';
import type { AuditActor } from '@hc/contracts';
import type { Request } from 'express';
import { hashApiKeyToken } from './api-key-token';
import { readCookie } from './cookies';
import { CredentialRepository, toSiteContext } from './credential.repository';
import {
  DASHBOARD_COOKIE,
  hashSessionToken,
  sameOriginRequest,
  sessionRequestAllowed,
  sessionScopes,
} from './dashboard-session';
import {
  API_KEYS_ONLY_KEY,
  PUBLIC_KEY,
  SCOPES_KEY,
  SESSION_ONLY_KEY,
  SITE_OPTIONAL_KEY,
  TRANSLATOR_MAY_KEY,
} from './decorators';
import { roleForbidden } from './role-checks';
import type { RequestContext } from './request-context';
import { JwtTokenVerifier } from './jwt-token-verifier';
import { TOKEN_VERIFIER, TokenVerifier, VerifiedToken } from './token-verifier';

type GuardRequest = Request & { hc?: RequestContext };

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Issue 24: who a write is recorded as, from the resolved credential. */
export function auditActorOf(hc: RequestContext): AuditActor {
  const c = hc.credential;
  if (c.kind === 'dashboard') return { kind: 'dashboard', user_id: hc.principal.userId };
  if (c.kind === 'api_key') {
    return { kind: 'api_key', key_id: c.keyId, user_id: hc.principal.userId };
  }
  return {
    kind: c.toolTraffic ? 'mcp' : 'oauth',
    client_id: c.clientId,
    user_id: hc.principal.userId,
  };
}

/** The site named by `X-Service-Site` or `?site=`: its id, -1 when not an id, null when none. */
function namedSite(req: Request): number | null {
  const named = header(req, 'x-service-site') ?? (req.query.site as string | undefined);
  if (named === undefined || named === '') return null;
  return /^\d+$/.test(String(named)) ? Number(named) : -1;
}

/**
 * The one global guard: resolves the credential and the site before any controller runs, then
 * checks the route's scopes (spec 4.1 rule 2, 5.1, 5.2, 5.3). Nothing else decides access.
 */
@Injectable()
export class CredentialGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: CredentialRepository,
    @Optional() @Inject(TOKEN_VERIFIER) private readonly customVerifier?: TokenVerifier,
    @Optional() @Inject(JwtTokenVerifier) private readonly jwtVerifier?: JwtTokenVerifier,
  ) {}

  /** A module's own TOKEN_VERIFIER (tests) or the JWT verifier CoreModule provides. */
  private get verifier(): TokenVerifier | undefined {
    return this.customVerifier ?? this.jwtVerifier;
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const required = this.reflector.getAllAndOverride<string[] | undefined>(SCOPES_KEY, targets);
    if (!required) {
      throw new Error(
        `Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no @Scopes()`,
      );
    }
    const siteOptional = Boolean(
      this.reflector.getAllAndOverride<boolean>(SITE_OPTIONAL_KEY, targets),
    );
    const apiKeysOnly = Boolean(
      this.reflector.getAllAndOverride<boolean>(API_KEYS_ONLY_KEY, targets),
    );

    const sessionOnly = this.reflector.getAllAndOverride<{ csrf: boolean } | undefined>(
      SESSION_ONLY_KEY,
      targets,
    );

    const req = ctx.switchToHttp().getRequest<GuardRequest>();
    req.hc = await this.resolve(req, siteOptional, apiKeysOnly, sessionOnly?.csrf ?? true);
    setCurrentActor(auditActorOf(req.hc));
    const session = req.hc.credential.kind === 'dashboard';
    if (sessionOnly && !session) {
      throw apiError(
        AuthErrorCode.SessionRequired,
        'Only a person signed in to the dashboard can do this; API keys and OAuth tokens cannot.',
      );
    }
    for (const scope of required) {
      if (req.hc.scopes.has(scope)) continue;
      throw session ? roleForbidden(req.hc.principal.role) : insufficientScope(scope);
    }
    // Issue 37: a Translator writes only where the route lets the handler judge the fields.
    if (
      session &&
      req.hc.principal.role === 'translator' &&
      required.includes('content.write') &&
      !this.reflector.getAllAndOverride<boolean>(TRANSLATOR_MAY_KEY, targets)
    ) {
      throw roleForbidden('translator');
    }
    return true;
  }

  private async resolve(
    req: GuardRequest,
    siteOptional: boolean,
    apiKeysOnly: boolean,
    csrf: boolean,
  ): Promise<RequestContext> {
    // spec 4.1 rule 2: only the `apikey` header; it wins when both are sent (and over the
    // dashboard cookie, which is then ignored: issue 37).
    const apiKey = header(req, 'apikey');
    if (apiKey) return this.fromApiKey(apiKey);
    const authorization = header(req, 'authorization');
    if (!authorization) {
      const cookie = readCookie(req, DASHBOARD_COOKIE);
      if (!cookie) throw unauthorized();
      if (apiKeysOnly)
        throw new ApiError(401, { status: 'unauthorized', message: 'Unknown API key' });
      return this.fromSession(req, cookie, siteOptional, csrf);
    }
    // `Bearer` with a capital B; `bearer` is 401.
    if (!authorization.startsWith('Bearer ')) throw unauthorized();
    if (apiKeysOnly)
      throw new ApiError(401, { status: 'unauthorized', message: 'Unknown API key' });
    const token = authorization.slice('Bearer '.length).trim();
    const verified = token && this.verifier ? await this.verifier.verify(token) : null;
    if (!verified) throw unauthorized();
    return this.fromToken(req, verified, siteOptional);
  }

  private async fromApiKey(token: string): Promise<RequestContext> {
    const row = await this.credentials.findActiveKey(hashApiKeyToken(token));
    if (!row) throw unauthorized();
    await this.credentials.recordKeyUse(row, new Date());
    const capabilities = { design: Boolean(row.cap_design), notes: Boolean(row.cap_notes) };
    return {
      credential: { kind: 'api_key', keyId: row.key_id, scope: row.scope, capabilities },
      principal: {
        userId: row.user_id,
        accountId: row.user_account_id,
        role: row.role,
        notesAccess: Boolean(row.notes_access),
      },
      scopes: new Set(apiKeyScopes(row.scope, capabilities)),
      site: toSiteContext(row),
      rateLimitKey: `key:${row.key_id}`,
    };
  }

  /**
   * Issue 37: the dashboard session. The cookie alone authenticates nothing: the request must be
   * same-origin and carry the session's anti-CSRF token, else 401 and nothing happens. The site
   * comes from `X-Service-Site`; the person's current membership decides what they may do.
   */
  private async fromSession(
    req: GuardRequest,
    cookie: string,
    siteOptional: boolean,
    csrf: boolean,
  ): Promise<RequestContext> {
    if (!sameOriginRequest(req)) throw unauthorized();
    const sessionHash = hashSessionToken(cookie);
    const session = await this.credentials.findDashboardSession(sessionHash, new Date());
    if (!session) throw unauthorized();
    if (!sessionRequestAllowed(req, session.csrfToken, csrf)) throw unauthorized();
    const base: RequestContext = {
      credential: { kind: 'dashboard', sessionHash, csrfToken: session.csrfToken },
      principal: {
        userId: session.userId,
        accountId: session.accountId,
        role: null,
        notesAccess: false,
      },
      scopes: new Set(),
      site: null,
      rateLimitKey: `dash:${session.userId}`,
    };
    const siteId = namedSite(req);
    if (siteId === null) {
      if (siteOptional) return base;
      throw apiError(AuthErrorCode.SiteRequired, 'Name the site with X-Service-Site.', {
        sites: await this.credentials.memberSiteIds(session.userId),
      });
    }
    const found =
      siteId > 0 ? await this.credentials.findSiteForUser(siteId, session.userId) : null;
    if (!found?.role)
      throw apiError(AuthErrorCode.SiteForbidden, 'You are not a member of this site.');
    if (found.twoFactorMissing)
      throw apiError(
        AuthErrorCode.TwoFactorRequired,
        'This site requires two-factor sign-in: turn it on in your account (/app/account).',
      );
    return {
      ...base,
      site: found.site,
      principal: { ...base.principal, role: found.role, notesAccess: found.notesAccess },
      scopes: new Set(sessionScopes(found.role)),
      // Issue 37: a session's budget is one per person and site (docs/security.md).
      rateLimitKey: `dash:${session.userId}:${siteId}`,
    };
  }

  private async fromToken(
    req: GuardRequest,
    token: VerifiedToken,
    siteOptional: boolean,
  ): Promise<RequestContext> {
    const accountId = await this.credentials.findUserAccount(token.userId);
    if (accountId === null) throw unauthorized();
    const toolTraffic = token.audience.includes(settings().mcpUrl);
    const base: RequestContext = {
      credential: {
        kind: 'oauth',
        clientId: token.clientId,
        grantId: token.grantId,
        tokenId: token.tokenId,
        toolTraffic,
        siteIds: token.siteIds.map(trustSiteId),
      },
      principal: { userId: token.userId, accountId, role: null, notesAccess: false },
      scopes: new Set(token.scopes),
      site: null,
      // spec 5.2: an app's budget is one per account.
      rateLimitKey: `app:${token.clientId}:${accountId}`,
    };

    let siteId = namedSite(req);
    if (siteId !== null) {
      if (!token.siteIds.includes(siteId)) {
        throw apiError(AuthErrorCode.SiteForbidden, 'This site is not shared with the app.');
      }
    } else if (token.siteIds.length === 1) {
      siteId = token.siteIds[0];
    }
    if (siteId === null) {
      if (siteOptional) return base;
      throw apiError(
        AuthErrorCode.SiteRequired,
        token.siteIds.length === 0
          ? 'The token reaches no site. List sites with GET /sites.'
          : 'The token reaches several sites: name one with X-Service-Site or ?site=.',
        { sites: token.siteIds },
      );
    }
    const found = await this.credentials.findSiteForUser(siteId, token.userId);
    if (!found)
      throw apiError(AuthErrorCode.SiteForbidden, 'This site is not shared with the app.');
    if (toolTraffic && !planHasToolServer(found.site.plan)) {
      throw apiError(
        AuthErrorCode.PlanUpgradeRequired,
        'The tool server is available on the Growth and Catalyst plans.',
      );
    }
    return {
      ...base,
      site: found.site,
      principal: { ...base.principal, role: found.role, notesAccess: found.notesAccess },
    };
  }
}
