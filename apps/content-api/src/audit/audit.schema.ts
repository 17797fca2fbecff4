import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** OpenAPI 3.1: a value of `type`, or null. */
const nullable = (type: string): SchemaObject => ({ oneOf: [{ type }, { type: 'null' }] });
const FORMAT_B = 'ISO 8601 UTC, `2026-01-02T03:04:05+00:00`';

/** The actor of an audit entry on the wire (issue 24), as GET /audit and `replaced_by` show it. */
export const AUDIT_ACTOR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['kind', 'key_id', 'user_id', 'client_id', 'client_name'],
  properties: {
    kind: { type: 'string', enum: ['api_key', 'oauth', 'mcp', 'operator', 'dashboard'] },
    key_id: { ...nullable('integer'), description: 'the API key (kind api_key)' },
    user_id: { ...nullable('integer'), description: "the key's creator or the token's person" },
    client_id: { ...nullable('string'), description: 'the OAuth app (kinds oauth and mcp)' },
    client_name: { ...nullable('string'), description: "the app's name when it was recorded" },
  },
};

/** One GET /audit item. */
export const AUDIT_ENTRY_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'action', 'target_type', 'target_id', 'actor', 'request_id', 'occurred_at'],
  properties: {
    id: { type: 'integer' },
    action: { type: 'string', example: 'article.publish' },
    target_type: { type: 'string', example: 'article' },
    target_id: { type: 'string', example: '42' },
    actor: AUDIT_ACTOR_SCHEMA,
    request_id: nullable('string'),
    occurred_at: { type: 'string', description: FORMAT_B },
  },
};

/** `replaced_by` of an article version: the recorded write that made it, or null. */
export const RECORDED_WRITE_SCHEMA: SchemaObject = {
  description:
    'The staged publish or restore that replaced these values (issue 24); null until the audit log has recorded it, after retention, and for versions older than the audit log.',
  oneOf: [
    {
      type: 'object',
      required: ['action', 'actor', 'occurred_at'],
      properties: {
        action: { type: 'string', enum: ['staged.publish', 'version.restore'] },
        actor: AUDIT_ACTOR_SCHEMA,
        occurred_at: { type: 'string', description: FORMAT_B },
      },
    },
    { type: 'null' },
  ],
};

const LINK: SchemaObject = {
  type: 'object',
  properties: { method: { type: 'string' }, url: { type: 'string' } },
};

/** Spec 2.8 version object plus `replaced_by`. */
export const VERSION_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'locale', 'title', 'published_at', 'replaced_by', '_links'],
  properties: {
    id: { type: 'integer' },
    locale: { type: 'string' },
    title: { type: 'string' },
    published_at: { type: 'string', description: FORMAT_B },
    replaced_by: RECORDED_WRITE_SCHEMA,
    _links: {
      type: 'object',
      properties: { restore: LINK, compare: LINK },
    },
  },
};

/** A success answer `{status, <name>: [item], …extra}`. */
export function listAnswer(
  name: string,
  item: SchemaObject,
  extra: Record<string, SchemaObject> = {},
): SchemaObject {
  return {
    type: 'object',
    required: ['status', name],
    properties: {
      status: { type: 'string', enum: ['success'] },
      [name]: { type: 'array', items: item },
      ...extra,
    },
  };
}
