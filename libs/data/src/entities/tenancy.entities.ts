// Tenancy tables, owned by content-api (sites, account, keys) and read by every service.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

// Literal types spelled here: `data` depends on nothing of ours (docs/architecture.md "Libraries").
type Plan = 'starter' | 'growth' | 'catalyst';
type Role = 'owner' | 'admin' | 'editor' | 'translator' | 'viewer';
type SiteVisibility = 'public' | 'private' | 'password';
type ApiKeyScope = 'read' | 'read_write';

@Entity('accounts')
export class AccountEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ type: 'varchar', length: 191 }) name: string;
  @Column({ name: 'owner_user_id', type: 'int', unsigned: true, nullable: true })
  ownerUserId: number | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'account_id', type: 'int', unsigned: true }) accountId: number;
  @Column({ type: 'varchar', length: 191 }) email: string;
  @Column({ type: 'varchar', length: 191 }) name: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255 }) passwordHash: string;
  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

@Entity('sites')
export class SiteEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ type: 'char', length: 36 }) uuid: string;
  @Column({ name: 'account_id', type: 'int', unsigned: true }) accountId: number;
  @Column({ type: 'varchar', length: 191 }) name: string;
  @Column({ type: 'varchar', length: 63 }) subdomain: string;
  @Column({ type: 'varchar', length: 191, nullable: true }) domain: string | null;
  @Column({ name: 'default_language', type: 'varchar', length: 8 }) defaultLanguage: string;
  @Column({ type: 'json' }) languages: string[];
  @Column({ type: 'varchar', length: 16 }) visibility: SiteVisibility;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;
  @Column({ type: 'boolean' }) suspended: boolean;
  @Column({ name: 'ip_allowlist', type: 'json' }) ipAllowlist: string[];
  @Column({ type: 'varchar', length: 16 }) plan: Plan;
  @Column({ name: 'staging_preview', type: 'boolean' }) stagingPreview: boolean;
  @Column({ name: 'template_editor', type: 'boolean' }) templateEditor: boolean;
  /** Reader pages render stored HTML unsanitized (issue #14; operator only). */
  @Column({ name: 'allow_unsafe_html', type: 'boolean' }) allowUnsafeHtml: boolean;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
  @Column({ name: 'deleted_at', type: 'datetime', precision: 3, nullable: true })
  deletedAt: Date | null;
}

@Entity('memberships')
export class MembershipEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true }) userId: number;
  @Column({ type: 'varchar', length: 16 }) role: Role;
  @Column({ name: 'notes_access', type: 'boolean' }) notesAccess: boolean;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'user_id', type: 'int', unsigned: true }) userId: number;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  @Column({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'token_prefix', type: 'varchar', length: 16 }) tokenPrefix: string;
  @Column({ type: 'varchar', length: 16 }) scope: ApiKeyScope;
  @Column({ name: 'cap_design', type: 'boolean' }) capDesign: boolean;
  @Column({ name: 'cap_notes', type: 'boolean' }) capNotes: boolean;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt: Date | null;
}
