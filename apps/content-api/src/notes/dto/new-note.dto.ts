import { TEXT_FIELD, TEXT_MAX } from '@hc/contracts';
import { Field } from '@hc/http';

/** POST /articles/{id}/notes (dashboard only, issue 38): a thread anchored on selected text. */
export class NewNoteDto {
  @Field(TEXT_FIELD, { required: true })
  text!: string;

  @Field(
    {
      kind: 'text',
      minLength: 1,
      maxLength: TEXT_MAX,
      description: "The selected text; it must occur in the article's content in `lang`",
      example: 'Open the settings page',
    },
    { required: true },
  )
  quote!: string;

  @Field({
    kind: 'text',
    null: 'ignored',
    description: "The content's language; default the site's default language",
    example: 'de',
  })
  lang?: string | null;

  @Field({
    kind: 'integer',
    minimum: 0,
    maximum: 10_000,
    null: 'ignored',
    description:
      'Which repetition of the quote in the readable text to anchor, 0-based (default 0)',
    example: 0,
  })
  occurrence?: number | null;
}
