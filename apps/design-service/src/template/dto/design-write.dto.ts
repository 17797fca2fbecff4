import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { messages } from '@hc/contracts';
import { DryRunField, TextCheckedByEndpoint } from '@hc/http';
import { MAX_OPERATIONS } from '../../operations/batch';
import { THEME_SECTIONS, ThemeSection } from '../../themes/apply';

export const PUBLISH_MESSAGE_MAX = 300;

// class-validator runs a property's decorators bottom-up and the global pipe stops at the first
// failure, so the check listed last is the one whose message a wrong value gets first.

/** The body of every design write (spec 4.12): `etag` of the draft it was based on, optional. */
export class DesignWriteDto {
  @ApiPropertyOptional({
    anyOf: [{ type: 'string' }, { type: 'null' }],
    description: 'The draft etag the change was based on; a stale one answers 409. null: none.',
    example: 'W/"3f2a9c"',
  })
  @IsString()
  @IsOptional()
  etag?: string | null;
}

/** PATCH /template/draft: 1 to 50 operations applied as one batch (spec 4.12). */
@TextCheckedByEndpoint('operations')
export class PatchDraftDto extends DesignWriteDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: MAX_OPERATIONS,
    description: 'Design operations (`op` plus its arguments); unknown keys are refused.',
    example: [{ op: 'set_brand', name: 'Acme Help' }],
  })
  @ArrayMaxSize(MAX_OPERATIONS)
  @ArrayMinSize(1, { message: 'The operations field must have at least 1 item.' })
  @IsArray()
  @IsDefined({ message: messages.required('operations') })
  operations!: unknown[];

  @DryRunField()
  dry_run?: boolean | null;
}

/** POST /template/themes/{themeKey}/apply: which sections to take (default every one). */
export class ApplyThemeDto extends DesignWriteDto {
  @ApiPropertyOptional({
    anyOf: [
      { type: 'array', items: { type: 'string', enum: [...THEME_SECTIONS] }, minItems: 1 },
      { type: 'null' },
    ],
    description: 'Absent or null: every section.',
  })
  @ValidateBy(
    {
      name: 'themeSections',
      validator: {
        validate: (v: unknown) =>
          Array.isArray(v) && v.every((s) => (THEME_SECTIONS as readonly unknown[]).includes(s)),
      },
    },
    {
      message: ({ value }) =>
        `The selected sections is invalid: ${JSON.stringify(
          (value as unknown[]).find((s) => !(THEME_SECTIONS as readonly unknown[]).includes(s)),
        )}. Allowed: ${THEME_SECTIONS.join(', ')}.`,
    },
  )
  @ArrayMinSize(1, { message: 'The sections field must have at least 1 item.' })
  @IsArray()
  @IsOptional()
  sections?: ThemeSection[] | null;
}

/** POST /template/publish: an optional note kept with the version, up to 300 characters. */
export class PublishDesignDto extends DesignWriteDto {
  @ApiPropertyOptional({
    anyOf: [{ type: 'string', maxLength: PUBLISH_MESSAGE_MAX }, { type: 'null' }],
    description: 'A note kept with the version. null: none.',
    example: 'New colours',
  })
  @MaxLength(PUBLISH_MESSAGE_MAX)
  @IsString()
  @IsOptional()
  message?: string | null;
}
