import type { ResponseTable } from '@hc/http';
import { agrees, answers, any, arr, bool, fails, formatB, id, int, links, more } from '@hc/http';
import { nullable, obj, ok, oneOfStr, refTo, refused, str, success } from '@hc/http';
import { API_EXAMPLE } from '../staged/staged.schema';
import type { ChangeSetsController } from './change-sets.controller';
import type { toChangeSetResponse } from './change-sets.service';

/** The `ChangeSet` component: what `toChangeSetResponse` returns, held against its type. */
export const CHANGE_SET_SCHEMA = agrees<ReturnType<typeof toChangeSetResponse>>()(
  more(
    obj({
      id,
      name: nullable(str),
      status: oneOfStr(
        'open',
        'queued',
        'scheduled',
        'publishing',
        'published',
        'failed',
        'partial',
      ),
      publish_at: nullable(formatB),
      published_at: nullable(formatB),
      force: bool,
      items_count: int,
      items: arr(obj({ article_id: int, locale: str, status: str, reason: str }, ['reason'])),
      created_at: formatB,
      updated_at: formatB,
      _links: links('self', 'items', 'publish'),
    }),
    {
      description: 'Spec 2.10 "fields: not shown": the product’s change set.',
      examples: [
        {
          id: 1,
          name: 'Release',
          status: 'open',
          publish_at: null,
          published_at: null,
          force: false,
          items_count: 1,
          items: [{ article_id: 12, locale: 'en', status: 'pending' }],
          created_at: '2026-01-31T09:30:00+00:00',
          updated_at: '2026-01-31T09:30:00+00:00',
          _links: {
            self: { method: 'GET', url: `${API_EXAMPLE}/change-sets/1` },
            items: { method: 'POST', url: `${API_EXAMPLE}/change-sets/1/items` },
            publish: { method: 'POST', url: `${API_EXAMPLE}/change-sets/1/publish` },
          },
        },
      ],
    },
  ),
  true,
);
const changeSet = refTo('ChangeSet', CHANGE_SET_SCHEMA);

/** `{status, change_set}` (`ChangeSetAnswer`). */
const CHANGE_SET_ANSWER = answers<ChangeSetsController, 'create'>()(
  obj({ status: success, change_set: changeSet }),
  true,
);
answers<ChangeSetsController, 'get'>()(CHANGE_SET_ANSWER, true);
const changeSetAnswer = refTo('ChangeSetAnswer', CHANGE_SET_ANSWER);

export const CHANGE_SET_SCHEMAS = {
  ChangeSet: CHANGE_SET_SCHEMA,
  ChangeSetAnswer: CHANGE_SET_ANSWER,
};

/** The answers of the change sets' routes (spec 3.4, 4.4), held against their handlers. */
export const CHANGE_SET_RESPONSES: ResponseTable = {
  ChangeSetsController_list: {
    200: ok(
      'Change sets, most recently updated first.',
      answers<ChangeSetsController, 'list'>()(
        obj({
          status: success,
          change_sets: arr(changeSet),
          meta: obj({ current_page: int, last_page: int, total: int }),
        }),
        true,
      ),
    ),
  },
  ChangeSetsController_create: {
    201: ok('Created.', changeSetAnswer),
    422: refused('Invalid fields (`reason`).'),
  },
  ChangeSetsController_get: {
    200: ok('One change set.', changeSetAnswer),
  },
  ChangeSetsController_addItems: {
    207: ok(
      'Items added; `status` = `partial` when some were rejected.',
      answers<ChangeSetsController, 'addItems'>()(
        obj({
          status: oneOfStr('success', 'partial'),
          results: arr(
            obj(
              {
                index: int,
                article_id: any,
                locale: any,
                status: oneOfStr('added', 'rejected'),
                reason: str,
              },
              ['reason'],
            ),
          ),
          change_set: changeSet,
        }),
        true,
      ),
    ),
    409: fails('The set is no longer open (`reason`).'),
    422: refused('No items, or invalid items (`reason`).'),
  },
  ChangeSetsController_publish: {
    202: ok(
      'Queued or scheduled.',
      answers<ChangeSetsController, 'publish'>()(
        obj(
          {
            status: oneOfStr('queued', 'scheduled'),
            publish_at: nullable(formatB),
            change_set: changeSet,
          },
          ['publish_at'],
        ),
        true,
      ),
    ),
    409: fails('The set is not open or has no items (`reason`).'),
    422: refused('Invalid `publish_at` (`reason`).'),
  },
};
