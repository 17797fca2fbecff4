import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { ValidationErrorShape } from '@hc/http';
import { uploadUrlErrors } from '../upload-urls.service';

const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * POST /images/uploads/{intent} (spec 4.7): the signed URL's `expires` and `signature`, as
 * issued (not trimmed). A missing or malformed one is 403 `upload_url_invalid`, like a wrong
 * signature.
 */
@ValidationErrorShape(() => uploadUrlErrors.invalid())
export class UploadUrlQuery {
  @ApiProperty({
    type: 'integer',
    example: 1767225600,
    description: 'Expiry of the URL (Unix seconds), as issued',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value,
  )
  @ValidateBy({ name: 'isExpiry', validator: { validate: (v) => typeof v === 'number' } })
  expires!: number;

  @ApiProperty({
    type: 'string',
    pattern: SIGNATURE.source,
    description: 'Signature of the URL, as issued',
  })
  @ValidateBy({
    name: 'isSignature',
    validator: { validate: (v) => typeof v === 'string' && SIGNATURE.test(v) },
  })
  signature!: string;
}
