import { Inject, Injectable, Optional } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { JwtTokenVerifier, TOKEN_VERIFIER } from '@hc/auth';
import type { TokenVerifier, VerifiedToken } from '@hc/auth';

/** RFC 9728: where this resource's metadata lives (the path is inserted after the host). */
export function resourceMetadataUrl(): string {
  const mcp = new URL(settings().mcpUrl);
  const path = mcp.pathname === '/' ? '' : mcp.pathname;
  return `${mcp.origin}/.well-known/oauth-protected-resource${path}`;
}

/** The protected resource metadata document (RFC 9728) naming the authorization server. */
export function protectedResourceMetadata() {
  const s = settings();
  return {
    resource: s.mcpUrl,
    authorization_servers: [s.authUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: [
      'content.read',
      'content.write',
      'analytics.read',
      'notes.read',
      'notes.write',
      'offline_access',
    ],
    resource_name: 'Help center tool server',
  };
}

export type McpAuthResult =
  | { ok: true; token: string; verified: VerifiedToken }
  | { ok: false; wwwAuthenticate: string; error: string; description: string };

/**
 * Spec 4.14 / 5.3: only access tokens whose `aud` contains {mcp_url}. Everything else is 401
 * with a WWW-Authenticate header pointing at the protected resource metadata, so an MCP client
 * can discover the authorization server, register and run PKCE on its own.
 */
@Injectable()
export class McpAuth {
  private readonly verifier?: TokenVerifier;

  // A module's own TOKEN_VERIFIER (tests), else the JWT verifier CoreModule provides.
  constructor(
    @Optional() @Inject(TOKEN_VERIFIER) custom?: TokenVerifier,
    @Optional() @Inject(JwtTokenVerifier) jwt?: JwtTokenVerifier,
  ) {
    this.verifier = custom ?? jwt;
  }

  async authenticate(authorization: string | undefined): Promise<McpAuthResult> {
    const metadata = `resource_metadata="${resourceMetadataUrl()}"`;
    if (!authorization || !authorization.startsWith('Bearer ')) {
      return {
        ok: false,
        wwwAuthenticate: `Bearer ${metadata}`,
        error: 'invalid_token',
        description: 'Missing bearer token',
      };
    }
    const token = authorization.slice('Bearer '.length).trim();
    const verified = token && this.verifier ? await this.verifier.verify(token) : null;
    if (!verified) {
      return {
        ok: false,
        wwwAuthenticate: `Bearer error="invalid_token", error_description="The access token is invalid, expired or revoked", ${metadata}`,
        error: 'invalid_token',
        description: 'The access token is invalid, expired or revoked',
      };
    }
    if (!verified.audience.includes(settings().mcpUrl)) {
      return {
        ok: false,
        wwwAuthenticate: `Bearer error="invalid_token", error_description="The token was not issued for this tool server (request resource=${settings().mcpUrl})", ${metadata}`,
        error: 'invalid_token',
        description: `The token was not issued for this tool server; request resource=${settings().mcpUrl}`,
      };
    }
    return { ok: true, token, verified };
  }
}
