// An MCP agent for the end-to-end tests: the SDK's Client over Streamable HTTP, authorized by the
// SDK's own OAuth client flow against auth-server (discovery → registration → PKCE → token).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { Browser, runAuthorization } from '@hc/testing';
import { stack } from './stack';

const REDIRECT = 'http://127.0.0.1:7777/callback';

/** An MCP client's OAuth storage; the "browser" step is a cookie-keeping HTTP client. */
export class AgentAuth implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;

  constructor(private readonly scope: string) {}

  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: 'E2E agent',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export const SCOPES =
  'content.read content.write analytics.read notes.read notes.write offline_access';

/** Runs the whole OAuth flow for `email` and returns a connected client for `site`. */
export async function connectAgent(
  email: string,
  password: string,
  siteIds: number[],
  site?: number,
) {
  const auth = new AgentAuth(SCOPES);
  const url = new URL(`${stack.publicUrl}/mcp${site ? `?site=${site}` : ''}`);
  const first = new Client({ name: 'e2e-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { authProvider: auth });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(auth.info?.client_id).toBeTruthy(); // registered dynamically
  expect(auth.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(auth.authorizationUrl?.searchParams.get('resource')).toBe(`${stack.publicUrl}/mcp`);
  const flow = await runAuthorization(new Browser(), auth.authorizationUrl!.toString(), REDIRECT, {
    email,
    password,
    sites: siteIds,
  });
  const code = flow.callback?.searchParams.get('code');
  expect(code).toBeTruthy();
  await transport.finishAuth(code!);
  expect(auth.saved?.access_token).toBeTruthy();
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: auth }));
  return { client, auth };
}
