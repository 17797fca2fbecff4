import type { ResponseTable } from '@hc/http';
import { agrees, answers, arr, fails, int, links, more, nil, obj, ok, oneOf } from '@hc/http';
import { oneOfStr, PAGE_META, refTo, str, success } from '@hc/http';
import { validation } from '../http/answers.schema';
import type { AuditController } from './audit.controller';
import type { toAuditEntryResponse, toRecordedWriteResponse } from './audit.mapper';

const FORMAT_B = 'ISO 8601 UTC, `2026-01-02T03:04:05+00:00`';
const when = more(str, { description: FORMAT_B });

/** The actor of an audit entry on the wire (issue 24), as GET /audit and `replaced_by` show it. */
const AUDIT_ACTOR_SCHEMA = obj({
  kind: oneOfStr('api_key', 'oauth', 'mcp', 'operator', 'dashboard'),
  key_id: more(oneOf(int, nil), { description: 'the API key (kind api_key)' }),
  user_id: more(oneOf(int, nil), { description: "the key's creator or the token's person" }),
  client_id: more(oneOf(str, nil), { description: 'the OAuth app (kinds oauth and mcp)' }),
  client_name: more(oneOf(str, nil), { description: "the app's name when it was recorded" }),
});

/** One GET /audit item, held against `toAuditEntryResponse`. */
export const AUDIT_ENTRY_SCHEMA = agrees<ReturnType<typeof toAuditEntryResponse>>()(
  obj({
    id: int,
    action: more(str, { example: 'article.publish' }),
    target_type: more(str, { example: 'article' }),
    target_id: more(str, { example: '42' }),
    actor: AUDIT_ACTOR_SCHEMA,
    request_id: oneOf(str, nil),
    occurred_at: when,
  }),
  true,
);

/** `replaced_by` of an article version: the recorded write that made it, or null. */
const RECORDED_WRITE_SCHEMA = agrees<ReturnType<typeof toRecordedWriteResponse>>()(
  more(
    oneOf(
      obj({
        action: oneOfStr('staged.publish', 'version.restore'),
        actor: AUDIT_ACTOR_SCHEMA,
        occurred_at: when,
      }),
      nil,
    ),
    {
      description:
        'The staged publish or restore that replaced these values (issue 24); null until the audit log has recorded it, after retention, and for versions older than the audit log.',
    },
  ),
  true,
);

/** Spec 2.8 version object plus `replaced_by` (the `ArticleVersion` component). */
export const VERSION_SCHEMA = obj({
  id: int,
  locale: str,
  title: str,
  published_at: when,
  replaced_by: RECORDED_WRITE_SCHEMA,
  _links: links('restore', 'compare'),
});

export const AUDIT_RESPONSES: ResponseTable = {
  AuditController_list: {
    200: ok(
      'Audit entries, newest first.',
      answers<AuditController, 'list'>()(
        obj({
          status: success,
          entries: arr(AUDIT_ENTRY_SCHEMA),
          meta: refTo('PageMeta', PAGE_META),
        }),
        true,
      ),
    ),
    403: fails('`audit_forbidden`: an Owner or Admin must be behind the credential.'),
    422: validation,
  },
};
