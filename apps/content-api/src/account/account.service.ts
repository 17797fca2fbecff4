import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatB } from '@hc/contracts';
import type { RequestContext } from '@hc/auth';

/**
 * GET /account (spec 4.3, fields not shown; decisions.md): the account behind the credential,
 * the person acting, and how the request is authorized.
 */
@Injectable()
export class AccountService {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async describe(ctx: RequestContext) {
    const [row] = await this.ds.query(
      `SELECT a.id AS account_id, a.name AS account_name, a.owner_user_id, a.created_at,
              u.id AS user_id, u.name AS user_name, u.email, u.avatar_url,
              (SELECT COUNT(*) FROM sites s WHERE s.account_id = a.id AND s.deleted_at IS NULL) AS sites_count
         FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE u.id = ?`,
      [ctx.principal.userId],
    );
    const credential =
      ctx.credential.kind === 'api_key'
        ? {
            type: 'api_key',
            scope: ctx.credential.scope,
            capabilities: ctx.credential.capabilities,
          }
        : { type: 'oauth', client_id: ctx.credential.clientId, site_ids: ctx.credential.siteIds };
    return {
      status: 'success',
      account: {
        id: row.account_id,
        name: row.account_name,
        created_at: formatB(row.created_at),
        sites_count: Number(row.sites_count),
        user: {
          id: row.user_id,
          name: row.user_name,
          email: row.email,
          avatar: row.avatar_url,
          is_account_owner: row.owner_user_id === row.user_id,
        },
        credential: { ...credential, scopes: [...ctx.scopes].sort() },
      },
    };
  }
}
