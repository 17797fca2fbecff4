import { Allow } from 'class-validator';

/** Body of POST /articles/{id}/feedback; checked in FeedbackService (one message per field). */
export class FeedbackDto {
  /** `thumbs_up`, `thumbs_down` or `love`. */
  @Allow() rating?: unknown;
  /** The reader's language; one the site lacks is recorded as the default language. */
  @Allow() lang?: unknown;
  /** Optional words from the reader, up to 5,000 characters (never shown through the API). */
  @Allow() message?: unknown;
}
