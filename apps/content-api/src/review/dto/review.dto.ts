import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { messages, TEXT_FIELD, TEXT_MAX } from '@hc/contracts';
import { BodyFrom, Field, PageQuery, QueryEnum, QueryInteger, readQuery } from '@hc/http';
import { parseTime } from '../../change-sets/dto/change-set.dto';

const id = (description: string, example: number) =>
  ({ kind: 'integer', minimum: 1, null: 'ignored', description, example }) as const;

const note = (description: string) =>
  ({ ...TEXT_FIELD, null: 'ignored', maxLength: TEXT_MAX, description }) as const;

/** POST /reviews (issue 39): what to review (an article or a change set) and who reviews it. */
export class NewReviewDto {
  @Field(id('The article whose staged changes (or draft) are to be reviewed', 12))
  article_id?: number | null;

  @Field(id('The change set to be reviewed (instead of an article)', 4))
  change_set_id?: number | null;

  @Field(
    {
      kind: 'integer',
      minimum: 1,
      description: 'The reviewer: a member whose role publishes (Owner, Admin or Editor)',
      example: 7,
    },
    { required: true },
  )
  reviewer_id!: number;

  @Field(note('A word for the reviewer (plain text)'))
  message?: string | null;
}

/** POST /reviews/{id}/approve: an optional comment. */
export class ApproveReviewDto {
  @Field(note('A comment for the person who asked (plain text)'))
  comment?: string | null;
}

/** POST /reviews/{id}/send-back: what to change (required). */
export class SendBackReviewDto {
  @Field(
    { ...TEXT_FIELD, description: 'What to change before asking again (plain text)' },
    { required: true },
  )
  comment!: string;
}

/** POST /reviews/{id}/schedule: when the approved change is published (null: not scheduled). */
export class ScheduleReviewDto {
  @ApiProperty({
    anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    example: '2026-12-01T09:00:00Z',
    description: 'A future time (no offset reads as UTC); null removes the schedule.',
  })
  @ValidateBy(
    {
      name: 'isDateTime',
      validator: { validate: (v: unknown) => v === null || parseTime(v) !== null },
    },
    { message: messages.date('publish_at') },
  )
  publish_at!: string | null;
}

/** PUT /review-settings (Owners and Admins). */
export class ReviewSettingsDto {
  @Field(
    {
      kind: 'boolean',
      description: 'People publish in the dashboard only what a reviewer approved',
    },
    { required: true },
  )
  require_approval!: boolean;
}

export const REVIEW_LISTS = ['waiting', 'mine', 'all'] as const;

/** GET /reviews: `waiting` (for my review), `mine` (I asked), `all`; optionally one article. */
@BodyFrom(readQuery)
export class ReviewsQuery extends PageQuery {
  @QueryEnum(REVIEW_LISTS, '`waiting`: waiting for my review; `mine`: I asked; `all` (default)')
  list?: (typeof REVIEW_LISTS)[number];

  @QueryInteger('Only the reviews of this article', { min: 1, example: 12 })
  article_id?: number;
}
