/**
 * Sets the `alt` of every `img` whose `src` is exactly `url` in an article's HTML (issue 39: alt
 * text is edited where the image is used; the image record keeps none, spec 2.5). Only those tags
 * are rewritten; every other byte of the stored HTML stays as it was. Null when no such tag.
 */
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root, RootContent } from 'hast';

function* images(node: Root | RootContent): Generator<Element> {
  if (node.type === 'element' && node.tagName === 'img') yield node;
  if ('children' in node) for (const child of node.children) yield* images(child);
}

/** One tag's source with its alt set, serialized by the browser (attribute values escaped). */
function retag(tag: string, alt: string): string {
  const template = document.createElement('template');
  template.innerHTML = tag;
  const img = template.content.querySelector('img');
  if (!img) return tag;
  img.setAttribute('alt', alt);
  return img.outerHTML;
}

export function withAlt(html: string, url: string, alt: string): string | null {
  const spans: { from: number; to: number }[] = [];
  for (const img of images(fromHtml(html, { fragment: true }))) {
    const from = img.position?.start.offset;
    const to = img.position?.end.offset;
    if (img.properties.src !== url || from === undefined || to === undefined) continue;
    spans.push({ from, to });
  }
  if (!spans.length) return null;
  let out = html;
  for (const { from, to } of spans.reverse())
    out = out.slice(0, from) + retag(out.slice(from, to), alt) + out.slice(to);
  return out;
}
