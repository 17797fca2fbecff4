/**
 * Word-level differences as a person reads them (issue 37 item 6). The server's compare routes
 * (docs/editing.md "Word-level diffs") return runs of `equal`, `insert` and `delete` over the
 * stored HTML with tags kept whole; `readableDiff` turns those runs into text (tags become line
 * breaks or nothing, entities decoded) for rendering as React text, never as markup.
 * `wordDiff` computes the same kind of runs in the browser from two texts (the conflict dialog).
 */

export type DiffOp = 'equal' | 'insert' | 'delete';

export interface DiffRun {
  op: DiffOp;
  text: string;
}

const BLOCK_END =
  /^<\/?(p|h[1-6]|li|ul|ol|tr|table|thead|tbody|blockquote|pre|div|aside|hr|br|figure|figcaption|details|summary)\b/i;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X'
          ? parseInt(code.slice(2), 16)
          : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** HTML (or a piece of it) as text: block boundaries become line breaks, other tags vanish. */
export function htmlAsText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>?/g, (tag) => (BLOCK_END.test(tag) ? '\n' : '')));
}

function merge(runs: DiffRun[]): DiffRun[] {
  const out: DiffRun[] = [];
  for (const run of runs) {
    if (!run.text) continue;
    const last = out[out.length - 1];
    if (last && last.op === run.op) last.text += run.text;
    else out.push({ ...run });
  }
  return out;
}

/** The server's runs over HTML as runs over readable text (line breaks squeezed). */
export function readableDiff(runs: readonly DiffRun[]): DiffRun[] {
  const text = merge(runs.map((r) => ({ op: r.op, text: htmlAsText(r.text) })));
  // No run of blank lines, no leading break.
  let atLineStart = true;
  for (const run of text) {
    run.text = run.text.replace(/\n[\s\n]*\n/g, '\n');
    if (atLineStart) run.text = run.text.replace(/^\n+/, '');
    if (run.text) atLineStart = run.text.endsWith('\n');
  }
  return merge(text);
}

/** Words and the spaces after them: joining the tokens gives the text back. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Longest common subsequence over words; above this size, the changed middle is one block. */
const MAX_CELLS = 4_000_000;

/** Word-level runs from `before` to `after` (joining equal+delete gives before; equal+insert, after). */
export function wordDiff(before: string, after: string): DiffRun[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: DiffRun = { op: 'equal', text: a.slice(0, start).join('') };
  const tail: DiffRun = { op: 'equal', text: a.slice(endA).join('') };
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length * y.length > MAX_CELLS) {
    return merge([
      head,
      { op: 'delete', text: x.join('') },
      { op: 'insert', text: y.join('') },
      tail,
    ]);
  }
  // lengths[i][j]: LCS of x[i..] and y[j..]
  const width = y.length + 1;
  const lengths = new Uint32Array((x.length + 1) * width);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        x[i] === y[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
  const runs: DiffRun[] = [head];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      runs.push({ op: 'equal', text: x[i++] as string });
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))
      runs.push({ op: 'delete', text: x[i++] as string });
    else runs.push({ op: 'insert', text: y[j++] as string });
  }
  while (i < x.length) runs.push({ op: 'delete', text: x[i++] as string });
  while (j < y.length) runs.push({ op: 'insert', text: y[j++] as string });
  runs.push(tail);
  return merge(runs);
}
