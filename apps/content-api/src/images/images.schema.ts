import type { ResponseTable } from '@hc/http';
import { agrees, anyOf, answers, bool, bulkBody, dryRun, fails, formatA, formatB } from '@hc/http';
import { html, id, int, more, nil, nullable, obj, ok, oneOfStr, pagedBody } from '@hc/http';
import { refTo, refused, str, success } from '@hc/http';
import { CONFIRMATION, invalidRedirect, pagedExample, validation } from '../http/answers.schema';
import { IMAGE_LIBRARY_ANSWER } from './image-library.schema';
import type { ImageResponse } from './image.mapper';
import type { ImagesController } from './images.controller';
import type { UploadUrlController } from './upload-url.controller';

const imageUrl =
  'https://api.example.com/v1/images/files/0f9b…/5d41402abc4b2a76b9719d911017c592.png';
const imageExample = {
  id: 7,
  url: imageUrl,
  filename: 'screen.png',
  mime_type: 'image/png',
  size: 1024,
  checksum: '658383982f0137116c7f8267cf0580dc7387c97aa672d8ff797bb3a632ec1e0b',
  alt_text: '',
  snippets: { html: `<img src="${imageUrl}" alt="Screen">`, markdown: `![Screen](${imageUrl})` },
  created_at: '2026-01-31 09:30:00',
};

/** The `Image` component (spec 2.5): what `toImageResponse` returns, held against its type. */
export const IMAGE_SCHEMA = agrees<ImageResponse>()(
  more(
    obj({
      id,
      url: str,
      filename: str,
      mime_type: nullable(oneOfStr('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
      size: int,
      checksum: nullable(more(str, { pattern: '^[0-9a-f]{64}$' })),
      alt_text: str,
      snippets: obj({ html: str, markdown: str }),
      created_at: formatA,
    }),
    { description: 'Spec 2.5.', examples: [imageExample] },
  ),
  true,
);
const image = refTo('Image', IMAGE_SCHEMA);

const DRY_RUN_IMAGE = dryRun(
  IMAGE_SCHEMA,
  { id: nil, url: nil, snippets: nil },
  'An image a dry run of POST /images/bulk would store: no id, URL or snippets yet.',
);

/** `{status, reused, image}`: the answer of an upload (`ImageUpload`). */
const IMAGE_UPLOAD = answers<ImagesController, 'create'>()(
  obj({ status: success, reused: bool, image }),
  true,
);
answers<UploadUrlController, 'upload'>()(IMAGE_UPLOAD, true);

const BULK_IMAGES = answers<ImagesController, 'createMany'>()(
  bulkBody(['created', 'reused'], { image: anyOf(image, refTo('DryRunImage', DRY_RUN_IMAGE)) }, [
    {
      filename: str,
      source_url: str,
      error: obj({ code: oneOfStr('import_failed', 'storage_failed'), message: str }),
    },
    ['filename', 'source_url'],
  ]),
  true,
);

export const IMAGE_SCHEMAS = {
  Image: IMAGE_SCHEMA,
  ImageUpload: IMAGE_UPLOAD,
  BulkImagesAnswer: BULK_IMAGES,
  DryRunImage: DRY_RUN_IMAGE,
};

const uploaded = refTo('ImageUpload', IMAGE_UPLOAD);
const uploadUrl = fails('Upload URL invalid or revoked (403), expired or used (410).');

/** The answers of the images' routes (spec 4.7), held against their handlers. */
export const IMAGE_RESPONSES: ResponseTable = {
  ImagesController_create: {
    201: ok('A new image.', uploaded, { status: 'success', reused: false, image: imageExample }),
    200: ok('This site already has the same bytes (`reused` true).', uploaded),
    422: refused('Refused file or import (reason under `errors`).', {
      status: 'validation_error',
      message: 'The image at source_url could not be imported.',
      errors: { source_url: ['host resolves to a private or reserved address'] },
    }),
    500: fails('Image storage failure.', 'ServerErrorBody'),
  },
  ImagesController_createMany: {
    207: ok('One result per item.', refTo('BulkImagesAnswer', BULK_IMAGES)),
    422: validation,
  },
  ImagesController_createUploadUrl: {
    200: ok(
      'A single-use upload URL.',
      answers<ImagesController, 'createUploadUrl'>()(
        obj({ status: success, upload_url: str, expires_at: formatB, max_bytes: int }),
        true,
      ),
    ),
  },
  UploadUrlController_upload: {
    201: ok('A new image.', uploaded),
    200: ok('This site already has the same bytes.', uploaded),
    403: uploadUrl,
    410: uploadUrl,
    422: validation,
  },
  ImagesController_list: {
    200: ok(
      'Images, newest first.',
      answers<ImagesController, 'list'>()(pagedBody('images', image), true),
      pagedExample('images', imageExample),
    ),
    302: invalidRedirect,
    422: validation,
  },
  ImageLibraryController_list: {
    200: ok('Every image, newest first, with where each is used.', IMAGE_LIBRARY_ANSWER, {
      status: 'success',
      images: [
        {
          ...imageExample,
          origin: 'editor',
          uses_count: 1,
          used_in: [
            {
              article_id: 12,
              lang: 'en',
              title: 'Getting started',
              published: true,
              alts: ['Screen'],
            },
          ],
        },
      ],
      meta: { page: 1, per_page: 50, total_pages: 1, items_count: 1 },
    }),
    422: validation,
  },
  ImagesController_get: {
    200: ok(
      'One image.',
      answers<ImagesController, 'get'>()(obj({ status: success, image }), true),
      { status: 'success', image: imageExample },
    ),
  },
  ImagesController_remove: {
    200: ok(
      'Record and file deleted.',
      answers<ImagesController, 'remove'>()(refTo('Confirmation', CONFIRMATION), true),
      { status: 'success', message: 'Image deleted.' },
    ),
    409: fails('The image is used (`referenced_by` lists where); `force` deletes anyway.'),
  },
  ImageFilesController_file: {
    200: {
      description: 'The stored file, exactly as uploaded.',
      content: Object.fromEntries(
        ['image/jpeg', 'image/png', 'image/gif', 'image/webp'].map((t) => [
          t,
          { schema: { type: 'string', contentMediaType: t } },
        ]),
      ),
    },
    404: html('No such file.'),
  },
};
