/**
 * The auth-server's HTTP endpoints of spec 4.13 in the OpenAPI document (issue 21). Most of them
 * are oidc-provider's routes (authorization, token, JWKS; `routes` in oauth/oidc.service.ts),
 * which no Nest controller declares, so they are described here, next to the configuration that
 * serves them; discovery, registration and userinfo are this app's controllers and use the same
 * description. They live at {auth_url}, which the edge routes on the API's origin.
 * `npm run openapi` adds them to docs/openapi.json; the e2e suite checks every answer.
 */
import type { ResponseSpec, Schema } from '@hc/http';
// The schemas of values, then the answers made of them (libs/http/src/openapi-schema.ts).
import { arr, bool, constant, int, obj, oneOfStr, ref, str, strings } from '@hc/http';
import { header, ok, redirect, shared } from '@hc/http';
import { SCOPES } from '@hc/contracts';
import { answers, fails, refused } from '@hc/http';
import type { ConnectedAppsController } from './account/connected-apps.controller';
import { discoveryFields } from './discovery/discovery.controller';

/** `servers` of every auth path: {auth_url}. */
const servers = [
  {
    url: '{auth_url}',
    description: 'The authorization server (spec 4.13)',
    variables: { auth_url: { default: 'http://localhost:8080' } },
  },
];

const discovery = (openid: boolean): Schema =>
  obj(
    {
      issuer: str,
      authorization_endpoint: str,
      token_endpoint: str,
      userinfo_endpoint: str,
      jwks_uri: str,
      registration_endpoint: str,
      scopes_supported: { type: 'array', items: oneOfStr(...SCOPES) },
      response_types_supported: arr(constant('code')),
      response_modes_supported: arr(constant('query')),
      grant_types_supported: arr(oneOfStr('authorization_code', 'refresh_token')),
      code_challenge_methods_supported: arr(constant('S256')),
      token_endpoint_auth_methods_supported: arr(
        oneOfStr('client_secret_basic', 'client_secret_post', 'none'),
      ),
      subject_types_supported: arr(constant('public')),
      id_token_signing_alg_values_supported: arr(constant('RS256')),
      authorization_response_iss_parameter_supported: constant(true),
      service_documentation: str,
      ...(openid ? { claims_supported: strings } : {}),
    },
    [],
  );

const ORIGIN = 'https://api.example.com';
const discoveryExample = discoveryFields(ORIGIN, ORIGIN, false);

const CONNECTED_APPS = answers<ConnectedAppsController, 'list'>()(
  obj({
    data: arr(
      obj({
        user_id: int,
        client_id: str,
        client_name: str,
        person_email: str,
        scopes: strings,
        site_ids: arr(int),
        connected_at: str,
      }),
    ),
    sites: arr(obj({ id: int, name: str, subdomain: str })),
  }),
  true,
);

/** The schemas of the auth endpoints' bodies, added to `components.schemas`. */
export const AUTH_SCHEMAS: Record<string, Schema> = {
  AuthorizationServerMetadata: {
    ...discovery(false),
    description: 'Spec 4.13 discovery fields.',
    examples: [discoveryExample],
  },
  OpenIdConfiguration: {
    ...discovery(true),
    description: 'The discovery fields plus `claims_supported`.',
  },
  TokenResponse: {
    ...obj(
      {
        token_type: constant('Bearer'),
        expires_in: int,
        access_token: str,
        refresh_token: str,
        id_token: str,
      },
      ['id_token'],
    ),
    description: 'Spec 4.13: no `scope` field; `id_token` only when `openid` was requested.',
    examples: [
      {
        token_type: 'Bearer',
        expires_in: 3600,
        access_token: 'eyJhbGciOiJSUzI1NiJ9.…',
        refresh_token: 'rt_…',
      },
    ],
  },
  TokenRequest: {
    type: 'object',
    required: ['grant_type'],
    properties: {
      grant_type: oneOfStr('authorization_code', 'refresh_token'),
      client_id: str,
      client_secret: { ...str, description: 'Confidential clients (`client_secret_post`).' },
      code: str,
      redirect_uri: str,
      code_verifier: { type: 'string', minLength: 43, maxLength: 128 },
      resource: str,
      refresh_token: str,
      scope: { ...str, description: 'Refresh only: fewer scopes than the original, never more.' },
    },
  },
  ClientRegistrationRequest: {
    type: 'object',
    required: ['redirect_uris'],
    properties: {
      redirect_uris: { type: 'array', items: str, minItems: 1, maxItems: 10 },
      token_endpoint_auth_method: oneOfStr('none', 'client_secret_basic', 'client_secret_post'),
      grant_types: arr(oneOfStr('authorization_code', 'refresh_token')),
      client_name: { type: 'string', maxLength: 120 },
    },
    description: 'Spec 4.13; other fields are ignored.',
    examples: [{ redirect_uris: ['http://127.0.0.1:7788/callback'], client_name: 'My app' }],
  },
  Client: {
    ...obj(
      {
        client_id: str,
        client_secret: str,
        client_secret_expires_at: constant(0),
        client_id_issued_at: int,
        client_name: str,
        redirect_uris: strings,
        grant_types: strings,
        response_types: strings,
        token_endpoint_auth_method: oneOfStr('none', 'client_secret_basic', 'client_secret_post'),
      },
      ['client_secret', 'client_secret_expires_at'],
    ),
    description:
      'Spec 2.11 client; `client_secret` (confidential clients) only in the registration response.',
  },
  UserInfo: {
    ...obj(
      {
        sub: str,
        email: str,
        email_verified: bool,
        name: str,
        given_name: str,
        family_name: str,
        picture: str,
      },
      ['email', 'email_verified', 'name', 'given_name', 'family_name', 'picture'],
    ),
    description: '`sub` plus the email and profile claims of the granted scopes.',
    examples: [{ sub: '4', email: 'ann@example.com', email_verified: true }],
  },
  ConnectionSitesRequest: obj({ site_ids: arr(int) }),
  ConnectedApps: {
    ...CONNECTED_APPS,
    description: 'Spec 5.2: the connections a person manages and the sites they may share.',
  },
  JsonWebKeySet: obj({
    keys: arr({
      type: 'object',
      required: ['kty', 'kid'],
      properties: { kty: str, kid: str, use: str, alg: str, n: str, e: str },
      additionalProperties: false,
    }),
  }),
};

const oauthError = (description: string, example?: unknown) =>
  fails(description, 'OAuthErrorBody', example);
const oauthBody = ref('OAuthErrorBody');
const invalidToken = shared('InvalidToken', {
  ...ok('`invalid_token`.', oauthBody),
  headers: { 'WWW-Authenticate': header('WwwAuthenticate') },
});
const noStore = { 'Cache-Control': header('NoStore') };
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const answer = (
  description: string,
  content: Record<string, unknown>,
  headers?: Record<string, unknown>,
) => ({ description, content, ...(headers ? { headers } : {}) });
const htmlOr = (description: string) => ({
  description,
  content: { 'text/html': { schema: str }, 'application/json': { schema: oauthBody } },
});

const query = (name: string, description: string, required = false, schema: Schema = str) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

const tags = ['OAuth'];

/** A public discovery document (spec 4.13), cacheable one hour. */
const discoveryPath = (operationId: string, summary: string, answer: ResponseSpec) => ({
  servers,
  get: {
    operationId,
    summary,
    tags,
    security: [],
    responses: { 200: { ...answer, headers: { 'Cache-Control': header('CacheOneHour') } } },
  },
});

/** Connected apps (spec 5.2) for the dashboard's screen (issue 38), at {dashboard_url}. */
const dashboard = {
  servers: [
    {
      url: '{dashboard_url}',
      description: 'The platform origin the dashboard is served from',
      variables: { dashboard_url: { default: 'http://localhost:8080' } },
    },
  ],
};
const connectionParams = [
  {
    name: 'user_id',
    in: 'path',
    required: true,
    description: 'The connecting person',
    schema: int,
  },
  {
    name: 'client_id',
    in: 'path',
    required: true,
    description: 'The app (URL-encoded when it is a metadata document URL)',
    schema: str,
  },
];
const sessionAnswers = {
  401: {
    description:
      'No dashboard session, a request from another origin, or no `X-CSRF-Token` equal to the ' +
      "session's token.",
    ref: 'Unauthorized',
  },
};
const connectionAnswers = {
  ...sessionAnswers,
  404: fails(
    '`not_found`: no connection the person may manage (not theirs, or gone).',
    'ErrorBody',
    {
      status: 'error',
      code: 'not_found',
      message: 'No such connected app.',
    },
  ),
};
/** Every connected-apps route answers the person's connections as they are after it. */
const listed = (description: string) => ok(description, ref('ConnectedApps'));
const connectedOperation = (operationId: string, summary: string, description: string) => ({
  operationId,
  summary,
  description,
  tags: ['Dashboard'],
  security: [{ dashboardSession: [] }],
});

/** The path items of spec 4.13, keyed by path. */
export const AUTH_PATHS: Record<string, Record<string, unknown>> = {
  '/app/account/connections': {
    ...dashboard,
    get: {
      ...connectedOperation(
        'account_connections',
        'Connected apps',
        "The person's OAuth connections (the account owner: every connection of the account) " +
          'and the sites of the account a connection may share (spec 5.2).',
      ),
      responses: {
        200: listed('The connections and the shareable sites.'),
        ...sessionAnswers,
      },
    },
  },
  '/app/account/connections/{user_id}/{client_id}': {
    ...dashboard,
    delete: {
      ...connectedOperation(
        'account_connections_disconnect',
        'Disconnect an app',
        'Revokes every access token, refresh token and unexchanged code of the app for that ' +
          'person at once; the next request gets 401 (spec 5.2).',
      ),
      parameters: connectionParams,
      responses: { 200: listed('Disconnected: the connections left.'), ...connectionAnswers },
    },
  },
  '/app/account/connections/{user_id}/{client_id}/sites': {
    ...dashboard,
    put: {
      ...connectedOperation(
        'account_connections_sites',
        'Change the shared sites',
        'The sites the connection reaches from the next request with the same token; ids of ' +
          "sites the connecting person's account does not own are ignored (spec 5.2).",
      ),
      parameters: connectionParams,
      requestBody: {
        required: true,
        content: json('ConnectionSitesRequest'),
      },
      responses: {
        200: listed('Saved: the connections as they are now.'),
        ...connectionAnswers,
        422: refused('`site_ids` is not a list of ids.'),
      },
    },
  },
  '/.well-known/oauth-authorization-server': discoveryPath(
    'oauth_authorizationServerMetadata',
    'Authorization server metadata (discovery)',
    ok(
      'Discovery document; cacheable one hour.',
      ref('AuthorizationServerMetadata'),
      discoveryExample,
    ),
  ),
  '/.well-known/openid-configuration': discoveryPath(
    'oauth_openidConfiguration',
    'OpenID Connect discovery',
    ok('Discovery plus `claims_supported`; cacheable one hour.', ref('OpenIdConfiguration')),
  ),
  '/oauth/authorize': {
    servers,
    get: {
      operationId: 'oauth_authorize',
      summary: 'Authorization (browser)',
      description:
        'Starts the sign-in and consent pages, then redirects to ' +
        '`redirect_uri?code=…&state=…&iss=…`. Errors with a trustworthy redirect_uri go back ' +
        'to it (`access_denied`, `invalid_scope`); others are shown to the person.',
      tags,
      security: [],
      parameters: [
        query('response_type', '`code`', true, constant('code')),
        query('client_id', 'Client id or client ID metadata document URL', true),
        query('redirect_uri', 'A registered URI (loopback: any port)', true),
        query('scope', 'Space-separated scopes of spec 5.2'),
        query('state', 'Returned unchanged'),
        query('code_challenge', 'base64url SHA-256 of the verifier; required for public clients'),
        query('code_challenge_method', '`S256`', false, constant('S256')),
        query('resource', '{api_origin} or {mcp_url}; goes into `aud`'),
        query('prompt', '`consent` shows the consent screen again'),
      ],
      responses: {
        302: redirect('To the sign-in page, or back to `redirect_uri` with the code or an error.'),
        303: redirect('To the sign-in page, or back to `redirect_uri` with the code or an error.'),
        400: htmlOr(
          '`invalid_request` (for example PKCE missing) or `invalid_target`; no redirect.',
        ),
        401: htmlOr('`invalid_client`: unknown client or unregistered redirect_uri; no redirect.'),
      },
    },
  },
  '/oauth/token': {
    servers,
    post: {
      operationId: 'oauth_token',
      summary: 'Code exchange and refresh',
      description:
        'Form-encoded (JSON also accepted). Confidential clients authenticate with HTTP Basic or ' +
        '`client_secret` in the body.',
      tags,
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: ref('TokenRequest') },
          'application/json': { schema: ref('TokenRequest') },
        },
      },
      responses: {
        200: answer('New tokens.', json('TokenResponse'), noStore),
        400: oauthError('`invalid_grant`, `invalid_request`, `invalid_target` …', {
          error: 'invalid_grant',
          error_description:
            'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
          hint: 'Failed to verify `code_verifier`',
          message:
            'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
        }),
        401: oauthError('`invalid_client`, or a used, revoked or expired refresh token.', {
          error: 'invalid_request',
          error_description: 'The refresh token is invalid.',
          hint: 'Token has been revoked',
          message: 'The refresh token is invalid.',
        }),
      },
    },
  },
  '/oauth/register': {
    servers,
    post: {
      operationId: 'oauth_register',
      summary: 'Dynamic client registration',
      tags,
      security: [],
      requestBody: { required: true, content: json('ClientRegistrationRequest') },
      responses: {
        201: answer('The registered client.', json('Client'), noStore),
        400: oauthError('`invalid_redirect_uri`, `invalid_client_metadata` or `invalid_request`.'),
        429: {
          ...ok('`temporarily_unavailable`: 10 registrations per hour per IP.', oauthBody),
          headers: { 'Retry-After': header('RetryAfter') },
        },
      },
    },
  },
  '/oauth/userinfo': {
    servers,
    ...Object.fromEntries(
      (['get', 'post'] as const).map((method) => [
        method,
        {
          operationId: `oauth_userinfo_${method}`,
          summary: 'Identity claims for an access token',
          tags,
          security: [{ oauth2: [] }],
          responses: {
            200: answer('Claims of the granted scopes.', json('UserInfo'), noStore),
            401: invalidToken,
          },
        },
      ]),
    ),
  },
  '/oauth/jwks': {
    servers,
    get: {
      operationId: 'oauth_jwks',
      summary: 'Public signing key (`kid` = `service-oidc-1`)',
      tags,
      security: [],
      responses: {
        200: answer('The JSON Web Key Set.', {
          'application/json': { schema: ref('JsonWebKeySet') },
          'application/jwk-set+json': { schema: ref('JsonWebKeySet') },
        }),
      },
    },
  },
};

export const AUTH_TAG = {
  name: 'OAuth',
  description:
    'The authorization server of spec 4.13, at {auth_url}. No CORS headers: call it from a server.',
};
