import { BodyFrom, PageQuery, QueryEnum, QueryText, readQuery } from '@hc/http';
import { LOG_STATUSES, type LogStatus } from '../delivery-log.repository';

/** GET /webhooks/{id}/deliveries: `event` filters as sent (unchecked), `status` is checked. */
@BodyFrom(readQuery)
export class DeliveriesQuery extends PageQuery {
  @QueryText('One event name; another gives an empty list', 'article.published')
  event?: string;

  @QueryEnum(
    LOG_STATUSES,
    'One delivery state',
    `The status must be one of ${LOG_STATUSES.join(', ')}.`,
  )
  status?: LogStatus;
}
