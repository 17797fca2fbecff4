import { Get, Header } from '@nestjs/common';
import { SCOPES, settings } from '@hc/contracts';
import { PublicController } from '@hc/auth';

const CLAIMS_SUPPORTED = [
  'sub',
  'iss',
  'aud',
  'iat',
  'exp',
  'email',
  'email_verified',
  'name',
  'given_name',
  'family_name',
  'picture',
];

/** Spec 4.13 discovery: exactly these fields; client ID metadata documents are not advertised. */
export function discoveryDocument(openid: boolean): Record<string, unknown> {
  const { authUrl, apiOrigin } = settings();
  return discoveryFields(authUrl, apiOrigin, openid);
}

/** The discovery fields for an issuer and API origin (also the OpenAPI document's example). */
export function discoveryFields(
  authUrl: string,
  apiOrigin: string,
  openid: boolean,
): Record<string, unknown> {
  return {
    issuer: authUrl,
    authorization_endpoint: `${authUrl}/oauth/authorize`,
    token_endpoint: `${authUrl}/oauth/token`,
    userinfo_endpoint: `${authUrl}/oauth/userinfo`,
    jwks_uri: `${authUrl}/oauth/jwks`,
    registration_endpoint: `${authUrl}/oauth/register`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${apiOrigin}/docs`,
    ...(openid ? { claims_supported: CLAIMS_SUPPORTED } : {}),
  };
}

@PublicController('.well-known')
export class DiscoveryController {
  @Get('oauth-authorization-server')
  @Header('Cache-Control', 'public, max-age=3600')
  authorizationServer() {
    return discoveryDocument(false);
  }

  @Get('openid-configuration')
  @Header('Cache-Control', 'public, max-age=3600')
  openidConfiguration() {
    return discoveryDocument(true);
  }
}
