import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'hck_';

/** A new API key: the token (shown once), its SHA-256 (stored) and a short display prefix. */
export function generateApiKeyToken(): { token: string; hash: string; prefix: string } {
  const token = PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashApiKeyToken(token), prefix: token.slice(0, 12) };
}

export function hashApiKeyToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
