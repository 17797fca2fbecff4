import { randomBytes } from 'node:crypto';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, ElementContent, Root, Text } from 'hast';
import {
  AI_DRAFT_ATTRIBUTE,
  INTERNAL_NOTE_ATTRIBUTE,
  NOTE_MARK_ATTRIBUTE,
  noteMark,
} from '@hc/content';

/** A new mark id: `note-` and 12 hex digits. */
export function newMarkId(): string {
  return `note-${randomBytes(6).toString('hex')}`;
}

const HIDDEN_PROPS = [INTERNAL_NOTE_ATTRIBUTE, AI_DRAFT_ATTRIBUTE].map(propName);
const SKIPPED_TAGS = new Set(['script', 'style', 'template']);

function propName(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

interface Piece {
  node: Text;
  parent: Root | Element;
  start: number;
}

/** The readable text nodes in document order (not inside internal notes, AI drafts, scripts). */
function textPieces(tree: Root): { pieces: Piece[]; text: string } {
  const pieces: Piece[] = [];
  let text = '';
  const walk = (parent: Root | Element) => {
    for (const child of parent.children) {
      if (child.type === 'text') {
        pieces.push({ node: child, parent, start: text.length });
        text += child.value;
      } else if (child.type === 'element') {
        if (SKIPPED_TAGS.has(child.tagName)) continue;
        if (HIDDEN_PROPS.some((p) => child.properties?.[p] !== undefined)) continue;
        walk(child);
      }
    }
  };
  walk(tree);
  return { pieces, text };
}

/** Where the `occurrence`-th (0-based) `needle` starts in `haystack`, or -1. */
function nthIndex(haystack: string, needle: string, occurrence: number): number {
  let at = haystack.indexOf(needle);
  for (let n = 0; n < occurrence && at >= 0; n += 1) at = haystack.indexOf(needle, at + 1);
  return at;
}

/**
 * Where `quote` occurs in `text` (its `occurrence`-th time, 0-based: the dashboard anchors the
 * text the person selected, which may be a later repetition): exactly, else with every run of
 * whitespace on either side treated as one space (HTML line breaks and indentation are not
 * what a reader sees).
 */
export function locate(
  text: string,
  quote: string,
  occurrence = 0,
): { start: number; end: number } | null {
  const exact = quote === '' ? -1 : nthIndex(text, quote, occurrence);
  if (exact >= 0) return { start: exact, end: exact + quote.length };
  const wanted = quote.replace(/\s+/g, ' ').trim();
  if (wanted === '') return null;
  let normalized = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (/\s/.test(text[i])) {
      if (normalized.endsWith(' ')) continue;
      normalized += ' ';
    } else {
      normalized += text[i];
    }
    origin.push(i);
  }
  const at = nthIndex(normalized, wanted, occurrence);
  if (at < 0) return null;
  return { start: origin[at], end: origin[at + wanted.length - 1] + 1 };
}

/**
 * The HTML with the `occurrence`-th (default first) `quote` in its readable text wrapped in the team-note
 * highlight markup of @hc/content (`<mark data-hc-note="<markId>">`); a quote crossing element
 * boundaries gets one mark per text piece, all with the same id. Only the text pieces the quote
 * touches are rewritten; every other byte of the stored HTML stays as it was. Null when the
 * quote is not in the text.
 */
export function highlightQuote(
  html: string,
  quote: string,
  markId: string,
  occurrence = 0,
): string | null {
  const tree = fromHtml(html, { fragment: true });
  const { pieces, text } = textPieces(tree);
  const range = locate(text, quote, occurrence);
  if (!range) return null;
  const edits: { from: number; to: number; html: string }[] = [];
  for (const piece of pieces) {
    const from = Math.max(range.start, piece.start) - piece.start;
    const to = Math.min(range.end, piece.start + piece.node.value.length) - piece.start;
    if (from >= to) continue;
    const value = piece.node.value;
    const start = piece.node.position?.start.offset;
    const end = piece.node.position?.end.offset;
    if (start === undefined || end === undefined) return rewriteWhole(tree, pieces, range, markId);
    edits.push({
      from: start,
      to: end,
      html:
        escapeText(value.slice(0, from)) +
        noteMark(markId, value.slice(from, to)) +
        escapeText(value.slice(to)),
    });
  }
  let out = html;
  for (const edit of edits.reverse())
    out = out.slice(0, edit.from) + edit.html + out.slice(edit.to);
  return out;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Fallback when the parser gave no source positions: insert into the tree and serialize it. */
function rewriteWhole(
  tree: Root,
  pieces: Piece[],
  range: { start: number; end: number },
  markId: string,
): string {
  const markProp = propName(NOTE_MARK_ATTRIBUTE);
  for (const piece of pieces) {
    const from = Math.max(range.start, piece.start) - piece.start;
    const to = Math.min(range.end, piece.start + piece.node.value.length) - piece.start;
    if (from >= to) continue;
    const value = piece.node.value;
    const replacement: ElementContent[] = [];
    if (from > 0) replacement.push({ type: 'text', value: value.slice(0, from) });
    replacement.push({
      type: 'element',
      tagName: 'mark',
      properties: { [markProp]: markId },
      children: [{ type: 'text', value: value.slice(from, to) }],
    });
    if (to < value.length) replacement.push({ type: 'text', value: value.slice(to) });
    const siblings = piece.parent.children as ElementContent[];
    siblings.splice(siblings.indexOf(piece.node), 1, ...replacement);
  }
  return toHtml(tree);
}
