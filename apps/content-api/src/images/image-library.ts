import { fromHtml } from 'hast-util-from-html';
import type { Element, Root, RootContent } from 'hast';
import { toImageResponse } from './image.mapper';
import type { Image, ImageUse } from './images.repository';

/** Uses named per image in the dashboard's library; the rest are counted. */
export const USES_SHOWN = 50;

function* elements(node: Root | RootContent): Generator<Element> {
  if (node.type === 'element') yield node;
  if ('children' in node) for (const child of node.children) yield* elements(child);
}

/**
 * The `alt` of every `img` whose `src` is exactly `url`, in document order (spec 2.5: the alt text
 * lives in the article, the image record keeps none). Empty when only a link mentions the URL.
 */
export function altsOf(html: string, url: string): string[] {
  const alts: string[] = [];
  for (const el of elements(fromHtml(html, { fragment: true }))) {
    if (el.tagName !== 'img' || el.properties.src !== url) continue;
    const alt = el.properties.alt;
    alts.push(typeof alt === 'string' ? alt : '');
  }
  return alts;
}

/** An image of the library with where it is used (issue 39): the API's image plus its origin. */
export function toLibraryImageResponse(image: Image, uses: ImageUse[]) {
  return {
    ...toImageResponse(image),
    origin: image.origin,
    uses_count: uses.length,
    used_in: uses.slice(0, USES_SHOWN).map((u) => ({
      article_id: u.articleId,
      lang: u.lang,
      title: u.title,
      published: u.published,
      alts: altsOf(u.content, image.url),
    })),
  };
}

export type LibraryImage = ReturnType<typeof toLibraryImageResponse>;
