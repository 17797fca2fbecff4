import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SCOPES, planHasToolServer, settings } from '@hc/contracts';
import { cookieName } from '@hc/http';
import {
  ACCESS_TOKEN_TTL,
  AccessTokenJwt,
  CLIENT_ONLY_RESOURCE,
  customizeAccessToken,
  IssuedAccessToken,
} from './access-token';
import { ClientsService } from '../storage/clients.service';
import { ConnectionsRepository } from '../storage/connections.repository';
import { errorPage } from '../pages/pages';
import type { ProviderError } from './oauth-errors';
import { mysqlAdapter } from './oidc-adapter';
import { interactionPolicy, OidcContext, OidcProvider, oidcErrors, Provider } from './oidc-module';
import { installProviderHooks } from './provider-hooks';
import { SecretsRepository } from '../storage/secrets.repository';
import { TokensRepository } from '../storage/tokens.repository';

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

const TTL = {
  AccessToken: ACCESS_TOKEN_TTL,
  AuthorizationCode: 600,
  RefreshToken: 30 * 24 * 3600,
  IdToken: 3600,
  Interaction: 3600,
  Session: 14 * 24 * 3600,
  Grant: 365 * 24 * 3600,
};

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
      adapter: mysqlAdapter(tokens, clients),
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
          jwt: async (ctx: OidcContext, token: IssuedAccessToken, jwt: AccessTokenJwt) =>
            customizeAccessToken(tokens, ctx, token, jwt),
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
              email_verified: person.email_verified,
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
    installProviderHooks(provider, this.logger);
    return provider;
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
