import { BodyFrom, QueryBoolean, QueryText, readQuery } from '@hc/http';

/** GET /articles/{id}/notes (spec 4.9): `lang` is not checked; `include_resolved` is 1/0. */
@BodyFrom(readQuery)
export class NotesQuery {
  @QueryText('A language; one without notes (a typo) gives an empty list', 'en')
  lang?: string;

  @QueryBoolean('1: resolved threads too')
  include_resolved?: boolean;
}
