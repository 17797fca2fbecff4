import { ARTICLE_FIELDS, DASHBOARD_FIELDS } from '@hc/contracts';
import { Field, ObjectBody } from '@hc/http';

export type ArticleAction = (typeof DASHBOARD_FIELDS.action.values)[number];

/** POST /dashboard/articles/actions (issue 37): one multi-select action of the article list. */
@ObjectBody('action', 'The request must be an object.')
export class ArticleActionsDto {
  @Field(DASHBOARD_FIELDS.action, { required: true })
  action!: ArticleAction;

  @Field(DASHBOARD_FIELDS.ids, { required: true })
  ids!: number[];

  /** `set_category`: the new primary category; 0 or null for none. */
  @Field(ARTICLE_FIELDS.category_id)
  category_id?: number | string | null;
}
