import type { FieldSpec } from '@hc/contracts';
import { Field } from './field.decorator';
import { BodyFrom } from './validation.pipe';
import { QueryBoolean, readQuery } from './query';

const DESCRIPTION =
  'Dry run: everything is checked and the answer is the one the call would give (what it would create has a null id), but nothing is stored and no event or webhook is sent.';

/**
 * `?dry_run=1` of the routes that offer a dry run (`1`/`0`, spec 4.1 rule 7): the query DTO of
 * those routes, or the base of one.
 */
@BodyFrom(readQuery)
export class DryRunQuery {
  @QueryBoolean(DESCRIPTION)
  dry_run?: boolean;
}

/** The body's `dry_run`: true or false; null reads as false. */
export const DRY_RUN_FIELD: FieldSpec = {
  kind: 'boolean',
  null: 'ignored',
  description: DESCRIPTION,
  example: true,
};

/** The body's `dry_run` flag of a DTO, checked and documented like every other field. */
export const DryRunField = () => Field(DRY_RUN_FIELD);

/** A dry run when the query string (`dry_run=1`) or the body (`dry_run` true) asks for one. */
export function dryRunRequested(query: DryRunQuery, bodyFlag: boolean | null | undefined): boolean {
  return query.dry_run === true || bodyFlag === true;
}
