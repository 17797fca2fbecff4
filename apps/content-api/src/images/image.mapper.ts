import { formatA } from '@hc/contracts';
import type { Image } from './images.repository';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function escapeMarkdownAlt(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/**
 * Spec 2.5. `altText` is the value sent with this upload: it shapes the snippets only, and the
 * `alt_text` field always reads as an empty string.
 */
export function toImageResponse(image: Image, altText = '') {
  return {
    id: image.id,
    url: image.url,
    filename: image.filename,
    mime_type: image.mimeType,
    size: image.size,
    checksum: image.checksum,
    alt_text: '',
    snippets: {
      html: `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(altText)}">`,
      markdown: `![${escapeMarkdownAlt(altText)}](${image.url.replace(/[()\s]/g, encodeURIComponent)})`,
    },
    created_at: formatA(image.createdAt),
  };
}

export type ImageResponse = ReturnType<typeof toImageResponse>;
