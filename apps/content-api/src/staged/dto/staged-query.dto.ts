import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { messages } from '@hc/contracts';
import { isLanguageCode } from '@hc/content';
import { BodyFrom, readQuery, ValidationErrorShape } from '@hc/http';
import { stagedValidationError } from './staged-validation-error';

/** `locale` of a query: a supported language code (spec 2.1), else 422 with `code`. */
const IsLocale = () =>
  ValidateBy(
    { name: 'isLanguageCode', validator: { validate: (v) => isLanguageCode(v) } },
    { message: messages.selectedInvalid('locale') },
  );

/** GET, compare and DELETE /articles/{articleId}/staged, POST …/publish (spec 4.5). */
@ValidationErrorShape(stagedValidationError)
@BodyFrom(readQuery)
export class StagedLocaleQuery {
  @ApiPropertyOptional({
    type: 'string',
    example: 'de',
    description: 'One language; absent: every staged language.',
  })
  @IsLocale()
  @IsOptional()
  locale?: string;
}

/** GET /articles/{articleId}/versions (spec 4.5): `limit` outside 1 to 100 is brought into range. */
@ValidationErrorShape(stagedValidationError)
@BodyFrom(readQuery)
export class VersionsQuery extends StagedLocaleQuery {
  @ApiPropertyOptional({
    type: 'integer',
    example: 20,
    description: 'How many, newest first; outside 1 to 100 is brought into range. Default 20.',
  })
  @ValidateBy(
    { name: 'isInt', validator: { validate: (v) => typeof v === 'string' && /^-?\d+$/.test(v) } },
    { message: messages.integer('limit') },
  )
  @IsOptional()
  limit?: string;
}
