import { docToHtml, htmlToDoc, type DocNode } from '../articles/editor/document';

/**
 * A language's content as its top-level blocks, each block's HTML as the editor writes it
 * (document.ts: what the sanitizer keeps). The workspace aligns the source's and the
 * translation's blocks row by row; joining the rows gives the content back.
 */
export function splitBlocks(html: string, embedHosts: readonly string[]): string[] {
  if (!html.trim()) return [];
  const doc = htmlToDoc(html, { mode: 'stored', embedHosts });
  return (doc.content ?? [])
    .map((block: DocNode) => docToHtml({ type: 'doc', content: [block] }))
    .filter(Boolean);
}

/** The content of the rows: empty rows (a paragraph never written) are no content. */
export function joinBlocks(rows: readonly string[]): string {
  return rows.filter(Boolean).join('');
}

/**
 * Rows for a source of `source` blocks and a translation of `translation` blocks: as many as
 * the longer, and at least one (an article without content still gets a row to write in).
 */
export function alignRows(source: readonly string[], translation: readonly string[]): string[] {
  const rows = [...translation];
  while (rows.length < Math.max(source.length, 1)) rows.push('');
  return rows;
}
