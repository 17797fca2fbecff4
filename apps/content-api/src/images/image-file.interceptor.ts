// The single-file upload routes (POST /images, POST /images/uploads/{intent}) read their
// multipart body with multer, the product's upload library, through Nest's file interceptor
// (issue 36 item 8). Bulk keeps its own busboy reader (./multipart.ts): it needs the raw part
// names (`files[]` vs `files[3]`), which multer's field parsing folds away.
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { Observable } from 'rxjs';
import { apiError, ApiError, CommonErrorCode, payloadTooLarge } from '@hc/contracts';
import { MAX_IMAGE_BYTES } from './image-rules';
import { BODY_LIMIT, isMultipart, type UploadedFile } from './multipart';

type UploadRequest = Request & {
  hcImageFileTaken?: boolean;
  hcBodyOverLimit?: boolean;
  files?: (Express.Multer.File & { data?: Buffer })[];
};

/**
 * Keeps the first MAX_IMAGE_BYTES + 1 bytes of the file and counts the rest: a file over 10 MB
 * is answered 422 by the image rules after every field is checked, as before, and never held
 * whole in memory.
 */
const keepHead: StorageEngine = {
  _handleFile(_req, file, done) {
    const chunks: Buffer[] = [];
    let size = 0;
    let kept = 0;
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (kept <= MAX_IMAGE_BYTES) {
        chunks.push(chunk);
        kept += chunk.length;
      }
    });
    file.stream.on('end', () => done(null, { buffer: Buffer.concat(chunks), size }));
    file.stream.on('error', (err: Error) => done(err));
  },
  _removeFile(_req, file, done) {
    (file as { buffer?: Buffer }).buffer = undefined;
    done(null);
  },
};

const MulterInterceptor = AnyFilesInterceptor({
  storage: keepHead,
  // Only the first part named `file` is read; any other file part is skipped unread.
  fileFilter: (req, file, accept) => {
    const upload = req as UploadRequest;
    if (file.fieldname !== 'file' || upload.hcImageFileTaken) return accept(null, false);
    upload.hcImageFileTaken = true;
    accept(null, true);
  },
  // The whole body is capped at 32 MB below (spec 4.1 rule 10), which bounds every part; multer
  // refuses nothing earlier (no part, field or name counts).
  limits: {
    fileSize: BODY_LIMIT,
    fieldSize: BODY_LIMIT,
    fieldNameSize: BODY_LIMIT,
    fields: Infinity,
    files: Infinity,
    parts: Infinity,
  },
});

function invalidMultipart(): ApiError {
  return apiError(
    CommonErrorCode.InvalidMultipart,
    'The multipart/form-data body could not be read.',
  );
}

/**
 * multer over a multipart body (anything else passes untouched): the body's bytes are counted
 * as they arrive and more than 32 MB stops the read with 413; a body multer cannot parse is 400
 * `invalid_multipart`.
 */
@Injectable()
export class ImageFileInterceptor extends MulterInterceptor implements NestInterceptor {
  override async intercept(
    context: ExecutionContext,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    if (!isMultipart(req)) return next.handle();
    let total = 0;
    const count = (chunk: Buffer) => {
      total += chunk.length;
      if (total > BODY_LIMIT && !req.hcBodyOverLimit) {
        req.hcBodyOverLimit = true;
        req.off('data', count);
        // multer stops reading and answers through its callback (the request is not destroyed,
        // so the 413 still reaches the client).
        req.emit('error', payloadTooLarge());
      }
    };
    // Attached in the same tick as multer's pipe: both see every chunk.
    req.on('data', count);
    try {
      return await super.intercept(context, next);
    } catch (err) {
      if (req.hcBodyOverLimit) throw payloadTooLarge();
      if (err instanceof ApiError) throw err;
      const status = (err as { getStatus?: () => number }).getStatus?.();
      throw status === 413 ? payloadTooLarge() : invalidMultipart();
    } finally {
      req.off('data', count);
    }
  }
}

/** The `file` part multer read, as the image rules take it; null when none was sent. */
export function uploadedImageFile(req: Request): UploadedFile | null {
  const file = (req as UploadRequest).files?.find((f) => f.fieldname === 'file');
  if (!file) return null;
  return {
    field: file.fieldname,
    filename: file.originalname ?? '',
    data: file.buffer,
    size: file.size,
  };
}
