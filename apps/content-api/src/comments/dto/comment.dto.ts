import { COMMENT_FIELDS, TEXT_FIELD } from '@hc/contracts';
import { Field } from '@hc/http';

/** The language of a new thread; which codes the site has is checked with the parent. */
const LANG = {
  kind: 'text',
  null: 'ignored',
  description:
    "A site language; a reply always takes its parent's, a thread the default when omitted",
  example: 'de',
} as const;

/** POST /articles/{id}/comments (spec 4.9); other fields are dropped. */
export class CommentBodyDto {
  @Field(TEXT_FIELD, { required: true })
  text!: string;

  @Field(COMMENT_FIELDS.parent_id)
  parent_id?: number | null;

  @Field(LANG)
  lang?: string | null;
}

/** PATCH /comments/{id}: approve or unpublish (spec 4.9). */
export class ModerateCommentDto {
  @Field(COMMENT_FIELDS.action, { required: true })
  action!: (typeof COMMENT_FIELDS.action.values)[number];
}
