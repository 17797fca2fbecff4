import type { Logger } from '@nestjs/common';
import { clientSecretMatches, loopbackMatches } from '../storage/clients.service';
import { mapTokenError, ProviderError } from './oauth-errors';
import type { OidcContext, OidcProvider } from './oidc-module';

/**
 * What this service changes on a built provider: client secret and redirect URI matching, the
 * errors it keeps for the token answer, and the token endpoint's answer itself (spec 4.13).
 */
export function installProviderHooks(provider: OidcProvider, logger: Logger): void {
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
    logger.error(err instanceof Error ? err.stack : String(err));
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
}
