import { ValidateBy } from 'class-validator';
import { messages } from '@hc/contracts';
import { BodyFrom, PageQuery, QueryEnum, QueryInteger, QueryText, readQuery } from '@hc/http';

export const ACTOR_KINDS = ['api_key', 'oauth', 'mcp', 'operator', 'dashboard'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

const DATE = /^\d{4}-\d\d-\d\d$/;

/** A `from`/`to` day: YYYY-MM-DD that is a real date (UTC). */
const IsDay = () =>
  ValidateBy({
    name: 'isDay',
    validator: {
      validate: (v: unknown) =>
        typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
      defaultMessage: (args) => messages.string(args?.property ?? ''),
    },
  });

/**
 * GET /audit (issue 24 item 2): 50 a page; filters by action, target, actor kind, person
 * (issue 39, the dashboard's audit screen) and days.
 */
@BodyFrom(readQuery)
export class AuditQuery extends PageQuery {
  @QueryText('One action', 'article.publish', 64)
  action?: string;

  @QueryText('One kind of target', 'article', 32)
  target_type?: string;

  @QueryText('One target id', '5', 64)
  target_id?: string;

  @QueryEnum(ACTOR_KINDS, 'How the write came in')
  actor?: ActorKind;

  @QueryInteger("One person: the key's creator or the token's person", { min: 1, example: 7 })
  user_id?: number;

  @QueryText('First day (YYYY-MM-DD, UTC)', '2026-03-01', 10)
  @IsDay()
  from?: string;

  @QueryText('Last day, included (YYYY-MM-DD, UTC)', '2026-03-31', 10)
  @IsDay()
  to?: string;
}
