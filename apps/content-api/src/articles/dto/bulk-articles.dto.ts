import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined } from 'class-validator';
import { messages } from '@hc/contracts';
import { DryRunField } from '@hc/http';

/** Spec 8: articles per bulk request. */
export const BULK_MAX = 50;

// class-validator runs a property's decorators bottom-up and the global pipe stops at the first
// failure, so the check listed last is the one whose message a wrong value gets first.

/**
 * POST /articles/bulk (spec 4.4): 1 to 50 article objects, each judged on its own (one failed
 * item never stops the others, so the items themselves are read per item, not here).
 */
export class BulkArticlesDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: BULK_MAX,
    description: 'Article objects, each as in POST /articles.',
    example: [{ title: { en: 'Getting started' }, external_id: 'kb-1' }],
  })
  @ArrayMaxSize(BULK_MAX)
  @ArrayNotEmpty({ message: messages.required('articles') })
  @IsArray()
  @IsDefined({ message: messages.required('articles') })
  articles!: unknown[];

  @DryRunField()
  dry_run?: boolean | null;
}
