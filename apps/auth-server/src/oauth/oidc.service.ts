import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SCOPES, planHasToolServer, settings } from '@hc/contracts';
import { cookieName } from '@hc/http';
import { ClientsService, clientSecretMatches, loopbackMatches } from './clients.service';
import { ConnectionsRepository } from './connections.repository';
import { errorPage } from '../pages/pages';
import { mapTokenError, ProviderError } from './oauth-errors';
import { interactionPolicy, OidcContext, OidcProvider, oidcErrors, Provider } from './oidc-module';
import { requestScope } from './request-scope';
import { SecretsRepository } from './secrets.repository';
import { TokensRepository } from './tokens.repository';

/**
 * The audience a token gets when the client names no `resource` (spec 2.11: `aud` is then the
 * client id alone). Internal only: never accepted as a `resource` parameter.
 */
export const CLIENT_ONLY_RESOURCE = 'urn:service:client';

/**
 * Stands in for "no scope" (spec 4.13: without `scope` the token has no scopes): the provider
 * refuses an authorization that grants nothing. Never shown, never put in a token.
 */
export const CONNECT_SCOPE = 'service:connect';

/**
 * The routes oidc-provider itself answers (the OAuth middleware hands it these paths, and
 * `{authorization}/:uid` to resume an interaction); userinfo, registration and discovery are this
 * app's own controllers. docs/architecture.md's route map lists them from here.
 */
export const PROVIDER_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  jwks: '/oauth/jwks',
} as const;

export const ACCESS_TOKEN_TTL = 3600;
const TTL = {
  AccessToken: ACCESS_TOKEN_TTL,
  AuthorizationCode: 600,
  RefreshToken: 30 * 24 * 3600,
  IdToken: 3600,
  Interaction: 3600,
  Session: 14 * 24 * 3600,
  Grant: 365 * 24 * 3600,
};

/** What the provider hands the JWT customizer. */
interface IssuedAccessToken {
  jti: string;
  grantId?: string;
  accountId: string;
  clientId: string;
  scope?: string;
}

/** The resources a token may name (spec 4.13). */
export function allowedResources(): string[] {
  const s = settings();
  return [s.apiOrigin, s.mcpUrl];
}

function splitName(name: string): { given: string; family: string } {
  const parts = name.trim().split(/\s+/);
  return { given: parts[0] ?? '', family: parts.slice(1).join(' ') };
}

/** Builds and holds the oidc-provider instance (one per app; built on first use). */
@Injectable()
export class OidcService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('oidc');
  private built: Promise<OidcProvider> | null = null;
  private purge: NodeJS.Timeout | null = null;

  constructor(
    @Inject(TokensRepository) private readonly tokens: TokensRepository,
    @Inject(ClientsService) private readonly clients: ClientsService,
    @Inject(ConnectionsRepository) private readonly connections: ConnectionsRepository,
    @Inject(SecretsRepository) private readonly secrets: SecretsRepository,
  ) {}

  /** Expired codes, sessions and token records are deleted hourly (never needed for correctness). */
  onModuleInit(): void {
    this.purge = setInterval(() => {
      this.tokens
        .purgeExpired()
        .catch((err: unknown) => this.logger.warn(`purge failed: ${String(err)}`));
    }, 3600_000);
    this.purge.unref();
  }

  onApplicationShutdown(): void {
    if (this.purge) clearInterval(this.purge);
  }

  provider(): Promise<OidcProvider> {
    this.built ??= this.build().catch((err: unknown) => {
      this.built = null;
      throw err;
    });
    return this.built;
  }

  /** Sites of the person's account that count for a resource (tool server needs the plan). */
  async eligibleSites(accountId: number, resource: string | undefined) {
    const sites = await this.connections.ownedSites(accountId);
    return sites.map((site) => ({
      ...site,
      eligible: resource !== settings().mcpUrl || planHasToolServer(site.plan),
    }));
  }

  private async build(): Promise<OidcProvider> {
    const s = settings();
    const [jwk, cookieKeys] = await Promise.all([
      this.secrets.signingKey(),
      this.secrets.cookieKeys(),
    ]);
    const { tokens, clients, connections } = this;

    class MySqlAdapter {
      constructor(private readonly model: string) {}

      async upsert(
        id: string,
        payload: Record<string, unknown>,
        expiresIn?: number,
      ): Promise<void> {
        if (this.model === 'Client') return; // clients are written by ClientsService only
        await tokens.upsertPayload(this.model, id, payload, expiresIn);
        if (this.model === 'RefreshToken') {
          // Link the access token issued with this refresh token (rotation revokes both).
          const scope = requestScope.getStore();
          if (scope?.pendingAccessTokenId) {
            await tokens.linkRefreshToken(scope.pendingAccessTokenId, id);
            scope.pendingAccessTokenId = undefined;
          }
        }
      }

      async find(id: string): Promise<Record<string, unknown> | undefined> {
        if (this.model === 'Client')
          return (await clients.find(id)) as Record<string, unknown> | undefined;
        return tokens.findPayload(this.model, 'id', id);
      }

      async findByUid(uid: string) {
        return tokens.findPayload(this.model, 'uid', uid);
      }

      async findByUserCode() {
        return undefined;
      }

      async consume(id: string) {
        // The provider checks `consumed` before calling this, so parallel redemptions all get
        // here: only the one whose conditional write changed the row goes on (issue #15).
        if (!(await tokens.consumePayload(this.model, id))) {
          throw new oidcErrors.InvalidGrant(
            this.model === 'RefreshToken'
              ? 'refresh token already used'
              : 'authorization code already consumed',
          );
        }
      }

      async destroy(id: string) {
        await tokens.destroyPayload(this.model, id);
      }

      async revokeByGrantId(grantId: string) {
        await tokens.revokeByGrantId(this.model, grantId);
      }
    }

    const resources = [...allowedResources(), CLIENT_ONLY_RESOURCE];
    const policy = interactionPolicy.base();
    // Spec 4.13: without a shared site still covered, the consent screen is shown again.
    policy.get('consent').checks.add(
      new interactionPolicy.Check(
        'sites_not_covered',
        'no shared site is covered',
        'consent_required',
        async (ctx: OidcContext) => {
          const userId = Number(ctx.oidc!.session?.accountId);
          const connection = await connections.find(userId, ctx.oidc!.client.clientId);
          if (!connection) return true;
          const person = await connections.person(userId);
          if (!person) return true;
          const sites = (
            await this.eligibleSites(
              person.account_id,
              ctx.oidc!.params?.resource as string | undefined,
            )
          ).filter((site) => site.eligible);
          // Nothing to share (no eligible site): coverage cannot be asked for.
          return sites.length > 0 && !sites.some((site) => connection.siteIds.includes(site.id));
        },
      ),
    );

    const provider = new Provider(s.authUrl, {
      adapter: MySqlAdapter,
      clients: [],
      jwks: { keys: [jwk] },
      cookies: {
        keys: cookieKeys,
        names: oidcCookieNames(new URL(s.authUrl).protocol === 'https:'),
        long: { signed: true, httpOnly: true, sameSite: 'lax' },
        short: { signed: true, httpOnly: true, sameSite: 'lax' },
      },
      routes: {
        ...PROVIDER_ROUTES,
        userinfo: '/oauth/userinfo',
        registration: '/oauth/register',
        revocation: '/oauth/revoke',
        introspection: '/oauth/introspect',
        end_session: '/oauth/logout',
      },
      scopes: [...SCOPES, CONNECT_SCOPE],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'picture'],
      },
      // Spec 2.11: the ID token carries the claims of its scopes.
      conformIdTokenClaims: false,
      responseTypes: ['code'],
      clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: 'RS256',
      },
      pkce: {
        required: (_ctx: unknown, client: { clientAuthMethod: string }) =>
          client.clientAuthMethod === 'none',
      },
      features: {
        devInteractions: { enabled: false },
        // Userinfo, registration and discovery are served by this app's own controllers.
        userinfo: { enabled: false },
        registration: { enabled: false },
        revocation: { enabled: false },
        introspection: { enabled: false },
        rpInitiatedLogout: { enabled: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => CLIENT_ONLY_RESOURCE,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => {
            if (!resources.includes(resource)) throw new oidcErrors.InvalidTarget();
            return {
              scope: [...SCOPES, CONNECT_SCOPE].join(' '),
              audience: resource,
              accessTokenTTL: ACCESS_TOKEN_TTL,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      formats: {
        customizers: {
          jwt: async (
            ctx: OidcContext,
            token: IssuedAccessToken,
            jwt: { header?: Record<string, unknown>; payload: Record<string, unknown> },
          ) => this.customizeAccessToken(ctx, token, jwt),
        },
      },
      ttl: TTL,
      rotateRefreshToken: true,
      // Spec 4.13: a refresh token is issued whether or not offline_access is asked.
      issueRefreshToken: async () => true,
      expiresWithSession: async () => false,
      allowOmittingSingleRegisteredRedirectUri: false,
      findAccount: async (_ctx: unknown, sub: string) => {
        if (!/^\d+$/.test(sub)) return undefined;
        const person = await connections.person(Number(sub));
        if (!person) return undefined;
        return {
          accountId: sub,
          claims: async () => {
            const { given, family } = splitName(person.name);
            return {
              sub,
              email: person.email,
              email_verified: true,
              name: person.name,
              given_name: given,
              family_name: family,
              picture: person.avatar_url ?? undefined,
            };
          },
        };
      },
      loadExistingGrant: async (ctx: OidcContext) => {
        const accountId = ctx.oidc?.session?.accountId;
        if (!ctx.oidc || !accountId) return undefined;
        const connection = await connections.find(Number(accountId), ctx.oidc.client.clientId);
        const grantId = ctx.oidc.result?.consent?.grantId ?? connection?.grantId;
        return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
      },
      interactions: {
        policy,
        url: (_ctx: unknown, interaction: { uid: string; prompt: { name: string } }) =>
          interaction.prompt.name === 'login'
            ? `/signin/${interaction.uid}`
            : `/consent/${interaction.uid}`,
      },
      renderError: async (ctx: OidcContext, out: ProviderError) => {
        // Token errors stay JSON (mapped below); authorization errors are a page for the person.
        if (ctx.oidc?.route === 'token') {
          ctx.body = out;
          return;
        }
        ctx.type = 'html';
        ctx.body = errorPage(out.error ?? 'server_error', out.error_description ?? '');
      },
    });
    // Issue #15: the forwarded headers it reads are rewritten to Express's judgement under
    // HC_TRUST_PROXY first (oauth.middleware), so `proxy` follows that setting only.
    provider.proxy = true;

    // Spec 4.13: loopback redirect URIs match on any port for every client.
    const proto = provider.Client.prototype;
    // Issue #15: the client's secret is stored hashed; compare the presented one's hash.
    proto.compareClientSecret = function (this: { clientSecret: string }, presented: string) {
      return Promise.resolve(clientSecretMatches(this.clientSecret, presented));
    };
    const exact = proto.redirectUriAllowed;
    proto.redirectUriAllowed = function (this: { redirectUris: string[] }, uri: string) {
      return exact.call(this, uri) || loopbackMatches(uri, this.redirectUris);
    };

    provider.on('grant.error', (ctx: OidcContext, err: unknown) => {
      ctx.state.hcError = err;
    });
    provider.on('server_error', (ctx: OidcContext, err: unknown) => {
      ctx.state.hcError = err;
      this.logger.error(err instanceof Error ? err.stack : String(err));
    });
    provider.use(async (ctx: OidcContext, next: () => Promise<void>) => {
      await next();
      // Spec 4.13: the OAuth endpoints send no CORS headers; call them from a server.
      for (const name of Object.keys(ctx.response.headers as Record<string, unknown>)) {
        if (name.startsWith('access-control-')) ctx.remove(name);
      }
      if (ctx.oidc?.route !== 'token' || !ctx.body || typeof ctx.body !== 'object') return;
      const body = ctx.body as Record<string, unknown>;
      if (body.error) {
        const grantType = (ctx.oidc.params?.grant_type ?? ctx.oidc.body?.grant_type) as
          string | undefined;
        const mapped = mapTokenError(
          ctx.state.hcError as ProviderError | undefined,
          grantType,
          body as ProviderError,
        );
        ctx.status = mapped.status;
        ctx.body = mapped.body;
        ctx.remove('WWW-Authenticate');
      } else if (body.access_token) {
        delete body.scope; // spec 4.13: no `scope` field
      }
      ctx.set('Cache-Control', 'no-store');
    });
    return provider;
  }

  /**
   * Spec 2.11 access-token claims; no `kid` in the header. Also records the token so REST
   * services can check revocation per request, and revokes the pair a refresh replaces.
   */
  private async customizeAccessToken(
    ctx: OidcContext,
    token: IssuedAccessToken,
    jwt: { header?: Record<string, unknown>; payload: Record<string, unknown> },
  ): Promise<void> {
    const now = Date.now() / 1000;
    const clientId = token.clientId;
    const audience = jwt.payload.aud as string;
    const withResource = audience !== CLIENT_ONLY_RESOURCE;
    jwt.header = { kid: undefined };
    jwt.payload = {
      jti: token.jti,
      iat: now,
      nbf: now,
      exp: now + ACCESS_TOKEN_TTL,
      sub: String(token.accountId),
      scopes: (token.scope ?? '')
        .split(' ')
        .filter((x) => (SCOPES as readonly string[]).includes(x)),
      iss: settings().authUrl,
      aud: withResource ? [clientId, audience] : clientId,
      ...(withResource ? { azp: clientId } : {}),
    };
    const entities = ctx?.oidc?.entities ?? {};
    const rotated = entities.RotatedRefreshToken;
    const current = entities.RefreshToken;
    if (rotated) await this.tokens.revokeAccessTokensOfRefresh(rotated.jti);
    await this.tokens.recordAccessToken({
      jti: token.jti,
      grantId: token.grantId ?? null,
      clientId,
      userId: Number(token.accountId),
      refreshId: rotated && current ? current.jti : null,
      expiresAt: new Date((now + ACCESS_TOKEN_TTL) * 1000),
    });
    if (!rotated) {
      const scope = requestScope.getStore();
      if (scope) scope.pendingAccessTokenId = token.jti;
    }
  }
}

/**
 * oidc-provider's cookies under names of their own (issue #14 "Cookies"): distinct from the
 * dashboard's and the reader's, and under https `__Host-` for the session (path `/`) and
 * `__Secure-` for the interaction cookies (narrower paths).
 */
export function oidcCookieNames(https: boolean) {
  return {
    session: cookieName('hc_oidc_session', https),
    interaction: cookieName('hc_oidc_interaction', https, '/signin'),
    resume: cookieName('hc_oidc_resume', https, '/oauth'),
  };
}
