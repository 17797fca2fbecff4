import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { notFound } from '@hc/contracts';
import { ValidationErrorShape } from '@hc/http';
import { VERSION_NOT_FOUND } from '../versions.service';

/**
 * GET /articles/{articleId}/versions/{versionId}/compare (#25): `to` is absent, or a version id
 * as sent (not trimmed); anything that is not one names no version of the article (404).
 */
@ValidationErrorShape(() => notFound(VERSION_NOT_FOUND))
export class CompareVersionsQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    example: 12,
    description: 'Another version of the same article to compare with instead of the live one',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value,
  )
  @IsOptional()
  @ValidateBy({ name: 'isVersionId', validator: { validate: (v) => Number.isSafeInteger(v) } })
  to?: number;
}
