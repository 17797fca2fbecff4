import { ValidateBy } from 'class-validator';
import { BodyFrom, PageQuery, QueryBoolean, QueryText, readQuery } from '@hc/http';

const CHECKSUM = /^[0-9a-fA-F]{64}$/;

/** GET /images (spec 4.7): 50 a page; `checksum` a SHA-256 in hex (either case). */
@BodyFrom(readQuery)
export class ImagesQuery extends PageQuery {
  @QueryText('SHA-256 of the file, 64 hexadecimal characters')
  @ValidateBy(
    {
      name: 'isChecksum',
      validator: { validate: (v) => typeof v === 'string' && CHECKSUM.test(v) },
    },
    { message: 'The checksum field must be a SHA-256 checksum of 64 hexadecimal characters.' },
  )
  checksum?: string;
}

/** DELETE /images/{id}: `force` is 1/0 and, here only, true/false too (spec 4.1 rule 7). */
@BodyFrom(readQuery)
export class DeleteImageQuery {
  @QueryBoolean('1: delete even when articles still use the image', { acceptWords: true })
  force?: boolean;
}
