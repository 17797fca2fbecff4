import { TEXT_FIELD } from '@hc/contracts';
import { Field } from '@hc/http';

/** POST /articles/{id}/notes/{noteId}/replies: `text`, plain, 1 to 5,000 characters (spec 4.9). */
export class NoteReplyDto {
  @Field(TEXT_FIELD, { required: true })
  text!: string;
}
