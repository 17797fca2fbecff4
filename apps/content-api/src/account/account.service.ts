import { Injectable } from '@nestjs/common';
import { formatB } from '@hc/contracts';
import type { RequestContext } from '@hc/auth';
import { AccountRepository } from './account.repository';

/**
 * GET /account (spec 4.3, fields not shown; decisions.md): the account behind the credential,
 * the person acting, and how the request is authorized.
 */
@Injectable()
export class AccountService {
  constructor(private readonly accounts: AccountRepository) {}

  async describe(ctx: RequestContext) {
    const row = (await this.accounts.ofUser(ctx.principal.userId))!;
    const credential =
      ctx.credential.kind === 'api_key'
        ? {
            type: 'api_key' as const,
            scope: ctx.credential.scope,
            capabilities: ctx.credential.capabilities,
          }
        : ctx.credential.kind === 'oauth'
          ? {
              type: 'oauth' as const,
              client_id: ctx.credential.clientId,
              site_ids: ctx.credential.siteIds,
            }
          : { type: 'dashboard' as const };
    return {
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
