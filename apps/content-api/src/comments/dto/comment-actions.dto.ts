import { Field, ObjectBody } from '@hc/http';
import { QUEUE_ACTIONS } from '../comment-moderation.service';
import type { QueueAction } from '../comment-moderation.service';

/** POST /dashboard/comments/actions (issue 38 item 7): one action on the selected comments. */
@ObjectBody('action', 'The request must be an object.')
export class CommentActionsDto {
  @Field(
    {
      kind: 'choice',
      values: QUEUE_ACTIONS,
      description:
        'approve (→ published; an approved reply emails its parent’s author once), unpublish, ' +
        'or delete (only here: PATCH /comments refuses it)',
    },
    { required: true },
  )
  action!: QueueAction;

  @Field(
    { kind: 'ids', description: 'The selected comments, 1 to 100', example: [31, 32] },
    {
      required: true,
    },
  )
  ids!: number[];
}
