import type { paths } from '@hc/client';
import type { CsvCell } from '../ui/csv';
import { ACTOR_KINDS, OBJECT_TYPES } from './search';

type AuditAnswer = paths['/v1/audit']['get']['responses'][200]['content']['application/json'];
export type AuditEntry = AuditAnswer['entries'][number];
export type AuditActor = AuditEntry['actor'];

/** Who is who on this site: user id -> the member's name (or email). */
export type People = ReadonlyMap<number, string>;

const person = (people: People, id: number | null) =>
  id === null ? null : (people.get(id) ?? `User ${id}`);

/** The actor as a sentence: the person first, then the door the write came through. */
export function actorLabel(actor: AuditActor, people: People): string {
  const who = person(people, actor.user_id);
  switch (actor.kind) {
    case 'dashboard':
      return who ?? 'Dashboard';
    case 'api_key':
      return `${who ?? 'Someone'} (API key ${actor.key_id ?? '?'})`;
    case 'oauth':
    case 'mcp':
      return `${who ?? 'Someone'} (${actor.kind === 'mcp' ? 'AI agent' : 'app'} ${actor.client_name ?? actor.client_id ?? '?'})`;
    case 'operator':
      return who ? `${who} (operator)` : 'Operator';
  }
}

export const kindLabel = (kind: string) => ACTOR_KINDS.find((k) => k.value === kind)?.label ?? kind;

export const objectLabel = (e: AuditEntry) =>
  `${OBJECT_TYPES.find((t) => t.value === e.target_type)?.label ?? e.target_type} ${e.target_id}`;

/** Actions after which their object is gone (a trashed article reads as deleted here too). */
const GONE = /\.(delete|purge|remove|revoke)$/;

/** The objects the loaded entries show deleted (`type:id`); older entries of them link nowhere. */
export function deletedObjects(entries: readonly AuditEntry[]): Set<string> {
  return new Set(
    entries.filter((e) => GONE.test(e.action)).map((e) => `${e.target_type}:${e.target_id}`),
  );
}

/** Where an entry's object is edited now (a dashboard path under /app), or null. */
export type ObjectLink =
  | { to: '/sites/$siteId/articles/$articleId'; params: { siteId: string; articleId: string } }
  | { to: '/sites/$siteId/design/$draftId'; params: { siteId: string; draftId: string } }
  | {
      to:
        | '/sites/$siteId/categories'
        | '/sites/$siteId/team'
        | '/sites/$siteId/keys'
        | '/sites/$siteId/webhooks';
      params: { siteId: string };
    };

export function objectLink(
  e: AuditEntry,
  siteId: number,
  deleted: ReadonlySet<string>,
): ObjectLink | null {
  if (GONE.test(e.action) || deleted.has(`${e.target_type}:${e.target_id}`)) return null;
  const siteParams = { siteId: String(siteId) };
  switch (e.target_type) {
    case 'article':
      return {
        to: '/sites/$siteId/articles/$articleId',
        params: { ...siteParams, articleId: e.target_id },
      };
    case 'template':
      return {
        to: '/sites/$siteId/design/$draftId',
        params: { ...siteParams, draftId: e.target_id },
      };
    case 'category':
      return { to: '/sites/$siteId/categories', params: siteParams };
    case 'user':
    case 'invitation':
      return { to: '/sites/$siteId/team', params: siteParams };
    case 'api_key':
      return { to: '/sites/$siteId/keys', params: siteParams };
    case 'webhook':
      // the webhooks screen of this issue (item 3) lives at this path
      return { to: '/sites/$siteId/webhooks', params: siteParams };
    default:
      return null;
  }
}

/** A dashboard path of a link, for places that need it as text. */
export const linkPath = (link: ObjectLink) =>
  Object.entries(link.params).reduce<string>((p, [k, v]) => p.replace(`$${k}`, v), link.to);

export const CSV_HEADER = [
  'When (UTC)',
  'Actor',
  'Actor kind',
  'Person id',
  'API key id',
  'App',
  'Action',
  'Object type',
  'Object id',
  'Request id',
  'Entry id',
];

/** One entry as a row of the CSV download (its text cells escaped by the CSV writer). */
export function csvRow(e: AuditEntry, people: People): CsvCell[] {
  return [
    e.occurred_at,
    actorLabel(e.actor, people),
    e.actor.kind,
    e.actor.user_id,
    e.actor.key_id,
    e.actor.client_name ?? e.actor.client_id,
    e.action,
    e.target_type,
    e.target_id,
    e.request_id,
    e.id,
  ];
}
