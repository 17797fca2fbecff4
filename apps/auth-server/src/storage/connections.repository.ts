import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Plan } from '@hc/contracts';
import { jsonColumn } from '@hc/data';

export interface PersonRow {
  id: number;
  account_id: number;
  email: string;
  name: string;
  avatar_url: string | null;
  password_hash: string;
  owner_user_id: number | null;
  /** Issue 38: false until a person who signed up opens the link sent to their email. */
  email_verified: boolean;
}

export interface OwnedSite {
  id: number;
  name: string;
  subdomain: string;
  plan: Plan;
}

export interface Connection {
  userId: number;
  clientId: string;
  grantId: string | null;
  clientName: string;
  scopes: string[];
  siteIds: number[];
  createdAt: Date;
  updatedAt: Date;
  personEmail?: string;
  personName?: string;
}

interface ConnectionRow {
  user_id: number;
  client_id: string;
  grant_id: string | null;
  client_name: string;
  scopes: string[] | string;
  site_ids: number[] | string;
  created_at: Date;
  updated_at: Date;
  email?: string;
  name?: string;
}

function toConnection(r: ConnectionRow): Connection {
  return {
    userId: r.user_id,
    clientId: r.client_id,
    grantId: r.grant_id,
    clientName: r.client_name,
    scopes: jsonColumn<string[]>(r.scopes),
    siteIds: jsonColumn<number[]>(r.site_ids),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    personEmail: r.email,
    personName: r.name,
  };
}

/** People, the sites their accounts own, and their app connections (spec 4.13, 5.2). */
@Injectable()
export class ConnectionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  personByEmail(email: string): Promise<PersonRow | null> {
    return this.personWhere('email', email);
  }

  person(userId: number): Promise<PersonRow | null> {
    return this.personWhere('id', userId);
  }

  private async personWhere(column: 'id' | 'email', value: number | string) {
    const rows: (PersonRow & { email_verified: number | boolean })[] = await this.ds.query(
      `SELECT u.id, u.account_id, u.email, u.name, u.avatar_url, u.password_hash, a.owner_user_id,
              u.email_verified
         FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.${column} = ?`,
      [value],
    );
    return rows[0] ? { ...rows[0], email_verified: Boolean(Number(rows[0].email_verified)) } : null;
  }

  /** Spec 4.13: only sites the person's own account owns. */
  async ownedSites(accountId: number): Promise<OwnedSite[]> {
    return this.ds.query(
      'SELECT id, name, subdomain, plan FROM sites WHERE account_id = ? AND deleted_at IS NULL ORDER BY id',
      [accountId],
    );
  }

  async find(userId: number, clientId: string): Promise<Connection | null> {
    const rows: ConnectionRow[] = await this.ds.query(
      'SELECT * FROM oauth_connections WHERE user_id = ? AND client_id = ?',
      [userId, clientId],
    );
    return rows[0] ? toConnection(rows[0]) : null;
  }

  /** The connections a person sees: all of the account's for its owner, else their own. */
  async visibleTo(person: PersonRow): Promise<Connection[]> {
    const owner = person.owner_user_id === person.id;
    const rows: ConnectionRow[] = await this.ds.query(
      `SELECT c.*, u.email, u.name FROM oauth_connections c JOIN users u ON u.id = c.user_id
        WHERE ${owner ? 'u.account_id = ?' : 'c.user_id = ?'} ORDER BY c.created_at, c.client_id`,
      [owner ? person.account_id : person.id],
    );
    return rows.map(toConnection);
  }

  async save(c: {
    userId: number;
    clientId: string;
    grantId: string;
    clientName: string;
    scopes: string[];
    siteIds: number[];
  }): Promise<void> {
    const now = new Date();
    await this.ds.query(
      `INSERT INTO oauth_connections (user_id, client_id, grant_id, client_name, scopes, site_ids, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE grant_id = VALUES(grant_id), client_name = VALUES(client_name),
         scopes = VALUES(scopes), site_ids = VALUES(site_ids), updated_at = VALUES(updated_at)`,
      [
        c.userId,
        c.clientId,
        c.grantId,
        c.clientName,
        JSON.stringify(c.scopes),
        JSON.stringify(c.siteIds),
        now,
        now,
      ],
    );
  }

  async updateSites(userId: number, clientId: string, siteIds: number[]): Promise<void> {
    await this.ds.query(
      'UPDATE oauth_connections SET site_ids = ?, updated_at = ? WHERE user_id = ? AND client_id = ?',
      [JSON.stringify(siteIds), new Date(), userId, clientId],
    );
  }

  async remove(userId: number, clientId: string): Promise<void> {
    await this.ds.query('DELETE FROM oauth_connections WHERE user_id = ? AND client_id = ?', [
      userId,
      clientId,
    ]);
  }
}
