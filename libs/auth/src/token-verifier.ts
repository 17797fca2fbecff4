/** What a verified OAuth access token says (issue #6 provides the JWT implementation). */
export interface VerifiedToken {
  tokenId: string;
  clientId: string;
  grantId: string | null;
  userId: number;
  scopes: string[];
  audience: string[];
  /** Sites the person currently shares with the app (checked per request). */
  siteIds: number[];
}

/**
 * Verifies bearer tokens. Returns null for anything that is not a currently valid token
 * (bad signature, expired, revoked, unknown): the guard answers 401.
 */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken | null>;
}

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');
