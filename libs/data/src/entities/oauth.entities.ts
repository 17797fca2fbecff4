// OAuth tables, owned by auth-server; content-api and design-service read them per request.
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** oidc-provider storage: one row per (model, id). */
@Entity('oauth_payloads')
export class OAuthPayloadEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) model: string;
  @PrimaryColumn({ type: 'varchar', length: 191 }) id: string;
  @Column({ type: 'json' }) payload: Record<string, unknown>;
  @Column({ name: 'grant_id', type: 'varchar', length: 191, nullable: true }) grantId:
    string | null;
  @Column({ type: 'varchar', length: 191, nullable: true }) uid: string | null;
  @Column({ name: 'client_id', type: 'varchar', length: 191, nullable: true }) clientId:
    string | null;
  @Column({ name: 'account_id', type: 'varchar', length: 64, nullable: true }) accountId:
    string | null;
  @Column({ name: 'expires_at', type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;
  @Column({ name: 'consumed_at', type: 'datetime', precision: 3, nullable: true })
  consumedAt: Date | null;
}

/** Every access token issued: revoked on rotation, reuse and disconnect (spec 3.4, 5.2). */
@Entity('oauth_access_tokens')
export class OAuthAccessTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) jti: string;
  @Column({ name: 'grant_id', type: 'varchar', length: 191, nullable: true }) grantId:
    string | null;
  @Column({ name: 'client_id', type: 'varchar', length: 191 }) clientId: string;
  @Column({ name: 'user_id', type: 'int', unsigned: true }) userId: number;
  @Column({ name: 'refresh_id', type: 'varchar', length: 191, nullable: true }) refreshId:
    string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 }) expiresAt: Date;
  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt: Date | null;
}

/** A person's approval of an app: approved scopes and shared sites (spec 4.13, 5.2). */
@Entity('oauth_connections')
export class OAuthConnectionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true }) userId: number;
  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 191 }) clientId: string;
  @Column({ name: 'grant_id', type: 'varchar', length: 191, nullable: true }) grantId:
    string | null;
  @Column({ name: 'client_name', type: 'varchar', length: 191 }) clientName: string;
  @Column({ type: 'json' }) scopes: string[];
  @Column({ name: 'site_ids', type: 'json' }) siteIds: number[];
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** The signing key and cookie secrets, generated once and kept. */
@Entity('oauth_secrets')
export class OAuthSecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'text' }) value: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** The public half of the signing key (the JWKS key): what API services verify tokens with. */
@Entity('oauth_public_keys')
export class OAuthPublicKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) kid: string;
  @Column({ type: 'text' }) jwk: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** A dashboard sign-in (auth-server): revocable on the server, with its own CSRF token. */
@Entity('dashboard_sessions')
export class DashboardSessionEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'user_id', type: 'int', unsigned: true }) userId: number;
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 }) csrfToken: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 }) expiresAt: Date;
}
