import { BodyFrom, QueryInteger, readQuery } from '@hc/http';

/** The most articles one export page holds (spec 4.11). */
export const EXPORT_MAX_LIMIT = 200;

/** GET /export (spec 4.2, 4.11): `cursor` from 0 (the first page), `limit` 1 to 200. */
@BodyFrom(readQuery)
export class ExportQuery {
  @QueryInteger('The previous page’s cursor.next; 0 or absent: the first page', { min: 0 })
  cursor?: number;

  @QueryInteger('Articles per page, 1 to 200. Default 100.', { min: 1, max: EXPORT_MAX_LIMIT })
  limit?: number;
}
