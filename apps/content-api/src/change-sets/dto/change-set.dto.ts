import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import {
  ApiError,
  CommonErrorCode,
  DEFAULT_VALIDATION_MESSAGE,
  FieldErrors,
  messages,
} from '@hc/contracts';
import { ValidationErrorShape } from '@hc/http';

/** Items one change set holds at most, and per request. */
export const MAX_ITEMS = 100;
export const NAME_MAX = 191;

/** Change-set validation failures are shape (b) with `reason` (spec 7, like its other errors). */
export function changeSetValidation(errors: FieldErrors): ApiError {
  return new ApiError(422, {
    status: 'validation_error',
    reason: CommonErrorCode.ValidationError,
    message: DEFAULT_VALIDATION_MESSAGE,
    errors,
  });
}

/** ISO 8601 date-time; without an offset it is read as UTC. */
export function parseTime(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(Z|[+-]\d\d:?\d\d)?$/.exec(
    v.trim(),
  );
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

// class-validator runs a property's decorators bottom-up and the global pipe stops at the first
// failure, so the check listed last is the one whose message a wrong value gets first.

/** POST /change-sets: an optional name (null or absent: none; blank: none). */
@ValidationErrorShape(changeSetValidation)
export class CreateChangeSetDto {
  @ApiPropertyOptional({
    type: 'string',
    maxLength: NAME_MAX,
    example: 'Spring launch',
    description: 'null or blank: the set has no name.',
  })
  @MaxLength(NAME_MAX)
  @IsString()
  @IsOptional()
  name?: string | null;
}

/** One `{article_id, locale}` pair; a malformed one is rejected per item (`invalid_item`). */
export class ChangeSetItemInput {
  @ApiProperty({ type: 'integer', minimum: 1, example: 42 })
  article_id!: number;

  @ApiProperty({ type: 'string', example: 'en' })
  locale!: string;
}

/** POST /change-sets/{id}/items: 1 to 100 items, each judged on its own (spec 4.1 rule 6). */
@ValidationErrorShape(changeSetValidation)
export class AddChangeSetItemsDto {
  @ApiProperty({ type: [ChangeSetItemInput], minItems: 1, maxItems: MAX_ITEMS })
  @ArrayMaxSize(MAX_ITEMS)
  @ArrayNotEmpty({ message: messages.required('items') })
  @IsArray()
  items!: unknown[];
}

/** POST /change-sets/{id}/publish: now, or at a future `publish_at`; `force` overrides checks. */
@ValidationErrorShape(changeSetValidation)
export class PublishChangeSetDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    example: '2026-12-01T09:00:00Z',
    description: 'Absent, null or past: publish now; future: schedule. No offset reads as UTC.',
  })
  @ValidateBy(
    {
      name: 'isDateTime',
      validator: { validate: (v: unknown) => parseTime(v) !== null },
    },
    { message: messages.date('publish_at') },
  )
  @IsOptional()
  publish_at?: string | null;

  @ApiPropertyOptional({ type: 'boolean', example: false, description: 'null reads as false.' })
  @IsBoolean()
  @IsOptional()
  force?: boolean | null;
}
