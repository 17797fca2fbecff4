import busboy from 'busboy';
import type { Request } from 'express';
import { apiError, CommonErrorCode, payloadTooLarge } from '@hc/contracts';
import { MAX_IMAGE_BYTES } from './image-rules';

/** Spec 4.1 rule 10: the request body limit. */
export const BODY_LIMIT = 32 * 1024 * 1024;

export interface UploadedFile {
  /** The part's field name as sent (`file`, `files[]`, `files[2]`). */
  field: string;
  filename: string;
  /** At most MAX_IMAGE_BYTES + 1 bytes are kept; `size` is the full size. */
  data: Buffer;
  size: number;
}

export interface MultipartBody {
  fields: { name: string; value: string }[];
  files: UploadedFile[];
}

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
}

/**
 * POST /images/bulk's multipart/form-data reader, with raw field names kept (bulk needs to tell
 * `files[]` from `files[3]`, which multer folds into one array; the single-file routes use
 * multer: ./image-file.interceptor.ts). A file over 10 MB is recorded with its size but not kept whole; the whole body is
 * capped at 32 MB (413).
 */
export function readMultipart(req: Request): Promise<MultipartBody> {
  return new Promise<MultipartBody>((resolve, reject) => {
    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fieldSize: 1024 * 1024,
          fields: 200,
          files: 100,
          parts: 300,
          fileSize: BODY_LIMIT,
        },
      });
    } catch {
      reject(
        apiError(
          CommonErrorCode.InvalidMultipart,
          'The multipart/form-data body could not be read.',
        ),
      );
      return;
    }
    const body: MultipartBody = { fields: [], files: [] };
    let total = 0;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    const pending: Promise<void>[] = [];
    parser.on('field', (name, value) => {
      total += value.length;
      if (total > BODY_LIMIT) fail(payloadTooLarge());
      body.fields.push({ name, value });
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let kept = 0;
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            total += chunk.length;
            if (total > BODY_LIMIT) {
              fail(payloadTooLarge());
              return;
            }
            if (kept <= MAX_IMAGE_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          stream.on('limit', () => fail(payloadTooLarge()));
          stream.on('end', () => {
            body.files.push({
              field: name,
              filename: info.filename ?? '',
              data: Buffer.concat(chunks),
              size,
            });
            done();
          });
          stream.on('error', (err: Error) => {
            fail(err);
            done();
          });
        }),
      );
    });
    parser.on('error', () =>
      fail(
        apiError(
          CommonErrorCode.InvalidMultipart,
          'The multipart/form-data body could not be read.',
        ),
      ),
    );
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (!failed) resolve(body);
      });
    });
    req.pipe(parser);
  });
}
