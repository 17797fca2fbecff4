import type { ResponseTable } from '@hc/http';
import { answers, bool, formatB, id, ids, int, nullable, obj, ok, oneOfStr } from '@hc/http';
import { str, strings, success } from '@hc/http';
import type { AccountController } from './account.controller';

export const ACCOUNT_RESPONSES: ResponseTable = {
  AccountController_get: {
    200: ok(
      'The account behind the credential (spec 4.3 "fields: not shown": the product’s choice).',
      answers<AccountController, 'get'>()(
        obj({
          status: success,
          account: obj({
            id,
            name: nullable(str),
            created_at: formatB,
            sites_count: int,
            user: obj({
              id,
              name: nullable(str),
              email: str,
              avatar: nullable(str),
              is_account_owner: bool,
            }),
            credential: obj(
              {
                type: oneOfStr('api_key', 'oauth', 'dashboard'),
                scope: oneOfStr('read', 'read_write'),
                capabilities: obj({ design: bool, notes: bool }),
                client_id: str,
                client_name: nullable(str),
                site_ids: ids,
                scopes: strings,
              },
              ['scope', 'capabilities', 'client_id', 'client_name', 'site_ids'],
            ),
          }),
        }),
        true,
      ),
    ),
  },
};
