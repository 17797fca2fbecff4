import { Inject, Injectable } from '@nestjs/common';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SIGNING_KEY_ID, SIGNING_KEY_SECRET } from '@hc/auth';

export interface SigningJwk {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  [member: string]: string;
}

/**
 * The RS256 signing key and the cookie keys, generated once and kept in `oauth_secrets`
 * (shared by every replica; `INSERT IGNORE` makes the first writer win). Only auth-server reads
 * that table; the public half of the signing key is published apart in `oauth_public_keys`,
 * which is all the API services read to verify tokens (issue #15).
 */
@Injectable()
export class SecretsRepository {
  private readonly known = new Map<string, string>();
  private published = false;

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async signingKey(): Promise<SigningJwk> {
    const value = await this.getOrCreate(SIGNING_KEY_SECRET, () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = privateKey.export({ format: 'jwk' });
      return JSON.stringify({ ...jwk, kid: SIGNING_KEY_ID, alg: 'RS256', use: 'sig' });
    });
    const jwk = JSON.parse(value) as SigningJwk;
    if (!this.published) {
      await this.publish(jwk);
      this.published = true;
    }
    return jwk;
  }

  /** Writes the public half (the JWKS key) where the API services read it. */
  private async publish(jwk: SigningJwk): Promise<void> {
    const publicJwk = {
      kty: jwk.kty,
      kid: jwk.kid,
      alg: jwk.alg,
      use: jwk.use,
      n: jwk.n,
      e: jwk.e,
    };
    await this.ds.query(
      `INSERT INTO oauth_public_keys (kid, jwk, created_at) VALUES (?, ?, ?)
       ON DUPLICATE KEY UPDATE jwk = VALUES(jwk)`,
      [jwk.kid, JSON.stringify(publicJwk), new Date()],
    );
  }

  async cookieKeys(): Promise<string[]> {
    const value = await this.getOrCreate('cookie-keys', () =>
      JSON.stringify([randomBytes(32).toString('base64url')]),
    );
    return JSON.parse(value) as string[];
  }

  private async getOrCreate(name: string, create: () => string): Promise<string> {
    // Kept values never change, so one read per process is enough.
    const known = this.known.get(name);
    if (known !== undefined) return known;
    const value = await this.readOrCreate(name, create);
    this.known.set(name, value);
    return value;
  }

  private async readOrCreate(name: string, create: () => string): Promise<string> {
    const existing = await this.read(name);
    if (existing !== null) return existing;
    await this.ds.query(
      'INSERT IGNORE INTO oauth_secrets (name, value, created_at) VALUES (?, ?, ?)',
      [name, create(), new Date()],
    );
    const value = await this.read(name);
    if (value === null) throw new Error(`oauth secret ${name} could not be stored`);
    return value;
  }

  private async read(name: string): Promise<string | null> {
    const rows: { value: string }[] = await this.ds.query(
      'SELECT value FROM oauth_secrets WHERE name = ?',
      [name],
    );
    return rows[0]?.value ?? null;
  }
}
