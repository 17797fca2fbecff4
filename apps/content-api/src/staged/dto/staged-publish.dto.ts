import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, ValidateBy } from 'class-validator';
import { messages } from '@hc/contracts';
import { isLanguageCode } from '@hc/content';
import { ValidationErrorShape } from '@hc/http';
import { stagedValidationError } from './staged-validation-error';

/** POST /articles/{articleId}/staged/publish (spec 4.5); staged errors carry `code`. */
@ValidationErrorShape(stagedValidationError)
export class StagedPublishDto {
  @ApiPropertyOptional({
    type: 'string',
    example: 'de',
    description: 'The language to publish; absent, null or empty: the `locale` query, else all.',
  })
  @ValidateBy(
    {
      name: 'isLanguageCode',
      validator: { validate: (v: unknown) => v === '' || isLanguageCode(v) },
    },
    { message: messages.selectedInvalid('locale') },
  )
  @IsOptional()
  locale?: string | null;

  @ApiPropertyOptional({
    type: 'boolean',
    example: false,
    description: 'Publish over refusals (spec 4.5); null reads as false.',
  })
  @IsBoolean()
  @IsOptional()
  force?: boolean | null;
}
