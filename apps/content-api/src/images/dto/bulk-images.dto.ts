import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { validationError } from '@hc/contracts';
import { DryRunField, Field, ValidationErrorShape } from '@hc/http';
import { MAX_BULK_ITEMS, UPLOAD_REFUSED } from '../image-rules';

/** Spec 4.1 rule 7: form fields say `1`/`0`; JSON may also say true/false. */
const asFlag = Transform(({ value }: { value: unknown }) =>
  value === '1' || value === 1 ? true : value === '0' || value === 0 ? false : value,
);

/**
 * POST /images/bulk (spec 4.7), as multipart form data (`files[]`, `source_urls[]`,
 * `alt_texts[]`, `dedupe`, `dry_run`) or JSON (addresses only). The lists are matched by
 * position or explicit index, so their reader (image-request.ts) checks them; the flags are
 * checked here, for both forms, with the upload's error message.
 */
@ValidationErrorShape((errors) => validationError(errors, UPLOAD_REFUSED))
export class BulkImagesDto {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    maxItems: MAX_BULK_ITEMS,
    description: 'Multipart only: `files[]`, or `files[<index>]` when mixed with addresses.',
  })
  files?: unknown;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'uri' },
    maxItems: MAX_BULK_ITEMS,
    example: ['https://example.com/a.png'],
    description: 'https addresses to download; JSON also takes an object of index to address.',
  })
  source_urls?: unknown;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string' },
    description: 'Alt texts matched to the images by position (or index).',
  })
  alt_texts?: unknown;

  @Field({
    kind: 'boolean',
    null: 'ignored',
    example: true,
    description: 'Reuse an image with the same bytes (default); 0 stores another copy.',
  })
  @asFlag
  dedupe?: boolean | null;

  @DryRunField()
  @asFlag
  dry_run?: boolean | null;
}
