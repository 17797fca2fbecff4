import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import {
  apiError,
  CommonErrorCode,
  messages,
  STAGED_FIELDS,
  StagingErrorCode,
} from '@hc/contracts';
import { isLanguageCode } from '@hc/content';
import { Field, LANGUAGE_KEY_CONSTRAINT, ValidationErrorShape } from '@hc/http';
import { ArticleWideDto } from '../../articles/dto/article.dto';
import { stagedValidationError } from './staged-validation-error';

const CHANGE_SET_CONSTRAINT = 'changeSetUnavailable';

const isHttpUrl = (v: unknown) => {
  try {
    return ['http:', 'https:'].includes(new URL(String(v)).protocol);
  } catch {
    return false;
  }
};

/**
 * PATCH /articles/{articleId}/staged (spec 4.5 table): plain per-language values, except
 * `metadata`; unknown fields are ignored. Refusals: `change_set_id` 422 CHANGE_SETS_UNAVAILABLE,
 * a metadata key that is not a language 400 (spec 2.1), fields 422 with `code`.
 */
@ValidationErrorShape((errors, failures) => {
  if (failures.some((f) => f.constraint === CHANGE_SET_CONSTRAINT))
    return apiError(
      StagingErrorCode.ChangeSetsUnavailable,
      'Change sets cannot be filled through this endpoint. Stage the change, then add it with POST /change-sets/{id}/items.',
    );
  const language = failures.find((f) => f.constraint === LANGUAGE_KEY_CONSTRAINT);
  if (language) return apiError(CommonErrorCode.InvalidArgument, language.message);
  return stagedValidationError(errors);
})
export class StageDto extends ArticleWideDto {
  @ValidateBy(
    { name: 'isLanguageCode', validator: { validate: (v) => isLanguageCode(v) } },
    { message: messages.selectedInvalid('locale') },
  )
  @Field(STAGED_FIELDS.locale, { required: true })
  locale!: string;

  @Field(STAGED_FIELDS.title)
  title?: string | null;

  @Field(STAGED_FIELDS.content)
  content?: string | null;

  @Field(STAGED_FIELDS.slug)
  slug?: string | null;

  @ValidateBy(
    { name: 'isHttpUrl', validator: { validate: isHttpUrl } },
    { message: messages.url('audio_file') },
  )
  @Field(STAGED_FIELDS.audio_file)
  audio_file?: string | null;

  @Field(STAGED_FIELDS.has_custom_slug)
  has_custom_slug?: boolean | null;

  @Field(STAGED_FIELDS.release_translation)
  release_translation?: boolean | null;

  @Field(STAGED_FIELDS.etag)
  etag?: string | null;

  @Field(STAGED_FIELDS.shared_etag)
  shared_etag?: string | null;

  @ApiPropertyOptional({
    description: 'Not accepted here: any value answers 422 CHANGE_SETS_UNAVAILABLE.',
    deprecated: true,
  })
  @ValidateBy({
    name: CHANGE_SET_CONSTRAINT,
    validator: { validate: (v) => v === undefined || v === null },
  })
  change_set_id?: unknown;
}
