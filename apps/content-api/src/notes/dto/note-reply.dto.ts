import { Allow } from 'class-validator';

/** POST /articles/{id}/notes/{noteId}/replies: `text`, plain, 1 to 5,000 characters. */
export class NoteReplyDto {
  @Allow() text?: unknown;
}
