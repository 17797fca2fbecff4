import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { generateApiKeyToken, hashPassword, hashSessionToken } from '@hc/auth';
import type { ApiKeyScope, Plan, Role } from '@hc/contracts';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | null = null;
let seq = 0;

function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${seq}`;
}

export interface TestUser {
  id: number;
  accountId: number;
  email: string;
  name: string;
}

export interface TestSite {
  id: number;
  uuid: string;
  subdomain: string;
  accountId: number;
  defaultLanguage: string;
  languages: string[];
  owner: TestUser;
}

export interface SiteOptions {
  owner?: TestUser;
  name?: string;
  plan?: Plan;
  defaultLanguage?: string;
  languages?: string[];
  stagingPreview?: boolean;
  templateEditor?: boolean;
}

/** A site where staged changes are available (spec 4.5: Catalyst with early preview), in en and de. */
export const STAGING_SITE: SiteOptions = {
  plan: 'catalyst',
  stagingPreview: true,
  languages: ['en', 'de'],
};

export interface KeyOptions {
  scope?: ApiKeyScope;
  design?: boolean;
  notes?: boolean;
  /** The creator; the site's owner by default. */
  user?: TestUser;
}

/** A dashboard session (issue 37): the cookie's value and the session's anti-CSRF token. */
export interface TestSession {
  cookie: string;
  csrf: string;
  userId: number;
}

/** Builds valid rows in one line each; tests state only what matters to them. */
export class Factory {
  constructor(private readonly ds: DataSource) {}

  /** A person with their own account, or (`account`) a colleague in another's account. */
  async user(
    overrides: { email?: string; name?: string; account?: Pick<TestUser, 'accountId'> } = {},
  ): Promise<TestUser> {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const email = overrides.email ?? `${unique('u')}@example.test`;
    const name = overrides.name ?? 'Test Person';
    const now = new Date();
    if (overrides.account) {
      const { accountId } = overrides.account;
      const colleague = await this.ds.query(
        'INSERT INTO users (account_id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
        [accountId, email, name, await passwordHash, now],
      );
      return { id: colleague.insertId, accountId, email, name };
    }
    const account = await this.ds.query('INSERT INTO accounts (name, created_at) VALUES (?, ?)', [
      name,
      now,
    ]);
    const user = await this.ds.query(
      'INSERT INTO users (account_id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
      [account.insertId, email, name, await passwordHash, now],
    );
    await this.ds.query('UPDATE accounts SET owner_user_id = ? WHERE id = ?', [
      user.insertId,
      account.insertId,
    ]);
    return { id: user.insertId, accountId: account.insertId, email, name };
  }

  async site(options: SiteOptions = {}): Promise<TestSite> {
    const owner = options.owner ?? (await this.user());
    const defaultLanguage = options.defaultLanguage ?? 'en';
    const languages = options.languages ?? [defaultLanguage];
    const subdomain = unique('s').toLowerCase();
    const uuid = randomUUID();
    const now = new Date();
    const result = await this.ds.query(
      `INSERT INTO sites (uuid, account_id, name, subdomain, default_language, languages, visibility,
         suspended, ip_allowlist, plan, staging_preview, template_editor, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'public', 0, '[]', ?, ?, ?, ?, ?)`,
      [
        uuid,
        owner.accountId,
        options.name ?? 'Test Help Center',
        subdomain,
        defaultLanguage,
        JSON.stringify(languages),
        options.plan ?? 'growth',
        options.stagingPreview ?? false,
        options.templateEditor ?? true,
        now,
        now,
      ],
    );
    await this.member({ id: result.insertId }, owner, 'owner', true);
    return {
      id: result.insertId,
      uuid,
      subdomain,
      accountId: owner.accountId,
      defaultLanguage,
      languages,
      owner,
    };
  }

  async member(
    site: { id: number },
    user: TestUser,
    role: Role,
    notesAccess = false,
  ): Promise<void> {
    await this.ds.query(
      `INSERT INTO memberships (site_id, user_id, role, notes_access, created_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE role = VALUES(role), notes_access = VALUES(notes_access)`,
      [site.id, user.id, role, notesAccess, new Date()],
    );
  }

  /** A dashboard session of the person, as auth-server's sign-in opens it (issue 37). */
  async session(user: Pick<TestUser, 'id'>, lifetimeSeconds = 3600): Promise<TestSession> {
    const cookie = `c${unique('')}${Math.random().toString(36).slice(2)}`;
    const csrf = `t${unique('')}${Math.random().toString(36).slice(2)}`;
    const now = new Date();
    await this.ds.query(
      `INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?)`,
      [
        hashSessionToken(cookie),
        user.id,
        csrf,
        now,
        new Date(now.getTime() + lifetimeSeconds * 1000),
      ],
    );
    return { cookie, csrf, userId: user.id };
  }

  /** A new API key for the site; returns the token. */
  async key(site: TestSite, options: KeyOptions = {}): Promise<string> {
    const { token, hash, prefix } = generateApiKeyToken();
    await this.ds.query(
      `INSERT INTO api_keys (site_id, user_id, token_hash, token_prefix, scope, cap_design, cap_notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        site.id,
        (options.user ?? site.owner).id,
        hash,
        prefix,
        options.scope ?? 'read_write',
        options.design ?? false,
        options.notes ?? false,
        new Date(),
      ],
    );
    return token;
  }
}
