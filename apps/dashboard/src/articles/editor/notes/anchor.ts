import type { Node as PmNode } from '@tiptap/pm/model';

/** What the server needs to highlight the selected text (POST /v1/articles/{id}/notes). */
export interface NoteAnchor {
  quote: string;
  /** Which repetition of `quote` in the readable text the selection is (0-based). */
  occurrence: number;
  /** The trimmed selection in the document, where the highlight goes once the note exists. */
  from: number;
  to: number;
}

/** Blocks whose text readers never see: the server anchors no note in them. */
const HIDDEN = new Set(['internalNote', 'aiDraft']);

/**
 * The selection `from`–`to` as a note anchor, counted in the readable text the way the server
 * reads the stored HTML (text nodes in order, internal notes and AI drafts left out); null when
 * the selection holds no text or starts in hidden text.
 */
export function noteAnchor(doc: PmNode, from: number, to: number): NoteAnchor | null {
  const selected = doc.textBetween(from, to, '');
  const quote = selected.trim();
  if (quote === '') return null;
  const start = from + (selected.length - selected.trimStart().length);
  let text = '';
  let offset = -1;
  doc.descendants((node, pos) => {
    if (HIDDEN.has(node.type.name)) return false;
    if (node.isText && node.text !== undefined) {
      if (offset < 0 && start >= pos && start < pos + node.text.length)
        offset = text.length + (start - pos);
      text += node.text;
    }
    return true;
  });
  if (offset < 0) return null;
  let occurrence = 0;
  for (let at = text.indexOf(quote); at >= 0 && at < offset; at = text.indexOf(quote, at + 1))
    occurrence += 1;
  return { quote, occurrence, from: start, to: start + quote.length };
}
