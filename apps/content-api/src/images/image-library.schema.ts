import {
  answers,
  arr,
  bool,
  formatA,
  id,
  int,
  more,
  nullable,
  obj,
  oneOfStr,
  pagedBody,
  str,
  strings,
} from '@hc/http';
import type { ImageLibraryController } from './image-library.controller';

/** An image of the dashboard's library (issue 39). */
export const libraryImage = obj({
  id,
  url: str,
  filename: str,
  mime_type: nullable(more(str, { examples: ['image/png'] })),
  size: int,
  checksum: nullable(more(str, { pattern: '^[0-9a-f]{64}$' })),
  alt_text: str,
  snippets: obj({ html: str, markdown: str }),
  created_at: formatA,
  origin: oneOfStr('api', 'rehost', 'editor'),
  uses_count: int,
  used_in: arr(obj({ article_id: id, lang: str, title: str, published: bool, alts: strings })),
});

export const IMAGE_LIBRARY_ANSWER = answers<ImageLibraryController, 'list'>()(
  pagedBody('images', libraryImage),
  true,
);
