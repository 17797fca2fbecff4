import { TEXT_MAX } from '@hc/contracts';
import { FEEDBACK_RATINGS } from '@hc/data';
import type { FeedbackRating } from '@hc/data';
import { Field } from '@hc/http';

/** Body of POST /articles/{id}/feedback (decisions.md: the fields spec 4.4 leaves open). */
export class FeedbackDto {
  @Field(
    {
      kind: 'choice',
      values: FEEDBACK_RATINGS,
      description: 'thumbs_up, thumbs_down or love',
      example: 'thumbs_up',
    },
    { required: true },
  )
  rating!: FeedbackRating;

  @Field({
    kind: 'text',
    null: 'ignored',
    description: "The reader's language; one the site lacks is recorded as the default language",
    example: 'de',
  })
  lang?: string | null;

  @Field({
    kind: 'text',
    maxLength: TEXT_MAX,
    null: 'ignored',
    description: 'Optional words from the reader (never shown through the API)',
  })
  message?: string | null;
}
