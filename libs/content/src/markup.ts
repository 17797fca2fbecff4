/**
 * The internal markup an article's stored HTML may carry, defined once (spec 2.1: reads leave
 * out internal notes, AI drafts awaiting review and team-note highlights, keeping the
 * highlighted text; writing such an article back removes them).
 *
 * - Internal note: any element with `data-hc-internal-note` — removed with its content.
 *   `<aside data-hc-internal-note>Check with legal</aside>`
 * - AI draft awaiting review: any element with `data-hc-ai-draft` — removed with its content.
 *   `<div data-hc-ai-draft="pending">Suggested paragraph…</div>`
 * - Team-note highlight: `<mark data-hc-note="<mark id>">…</mark>` — the element is unwrapped,
 *   its text stays. The mark id anchors a team-note thread (spec 2.10 `anchor.mark_id`).
 */
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, ElementContent, Root, RootContent } from 'hast';

export const INTERNAL_NOTE_ATTRIBUTE = 'data-hc-internal-note';
export const AI_DRAFT_ATTRIBUTE = 'data-hc-ai-draft';
export const NOTE_MARK_ATTRIBUTE = 'data-hc-note';

// hast property names of the attributes above.
const INTERNAL_NOTE_PROP = 'dataHcInternalNote';
const AI_DRAFT_PROP = 'dataHcAiDraft';
const NOTE_MARK_PROP = 'dataHcNote';

/** Cheap test first: most content has no internal markup and is returned untouched. */
export function hasInternalMarkup(html: string): boolean {
  return html.includes('data-hc-');
}

/** A team-note highlight element, as the team-notes feature inserts it. */
export function noteMark(markId: string, text: string): string {
  return `<mark ${NOTE_MARK_ATTRIBUTE}="${escapeAttribute(markId)}">${escapeText(text)}</mark>`;
}

/** An internal note element. */
export function internalNote(html: string): string {
  return `<aside ${INTERNAL_NOTE_ATTRIBUTE}>${html}</aside>`;
}

/** An AI draft awaiting review. */
export function aiDraft(html: string): string {
  return `<div ${AI_DRAFT_ATTRIBUTE}="pending">${html}</div>`;
}

type Parent = Root | Element;

function clean(parent: Parent): void {
  const out: (RootContent | ElementContent)[] = [];
  for (const child of parent.children) {
    if (child.type === 'element') {
      const props = child.properties ?? {};
      if (props[INTERNAL_NOTE_PROP] !== undefined || props[AI_DRAFT_PROP] !== undefined) continue;
      clean(child);
      if (child.tagName === 'mark' && props[NOTE_MARK_PROP] !== undefined) {
        out.push(...child.children);
        continue;
      }
      if (child.tagName === 'template' && child.content) clean(child.content as Root);
    }
    out.push(child);
  }
  parent.children = out as typeof parent.children;
}

/** The HTML without internal notes, AI drafts and team-note highlights (their text kept). */
export function stripInternalMarkup(html: string): string {
  if (!hasInternalMarkup(html)) return html;
  const tree = fromHtml(html, { fragment: true });
  clean(tree);
  return toHtml(tree);
}

/** The mark ids of team-note highlights in the HTML, in document order. */
export function noteMarkIds(html: string): string[] {
  if (!html.includes(NOTE_MARK_ATTRIBUTE)) return [];
  const ids: string[] = [];
  const walk = (parent: Parent) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      const id = child.properties?.[NOTE_MARK_PROP];
      if (child.tagName === 'mark' && id !== undefined) ids.push(String(id));
      walk(child);
    }
  };
  walk(fromHtml(html, { fragment: true }));
  return ids;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}
