// Word-level differences for compare answers (#25): the text is cut into HTML tags (kept whole),
// runs of white space and words, and the `diff` library's array diff (Myers) runs on the tokens.
import { diffArrays } from 'diff';

export type DiffOp = 'equal' | 'insert' | 'delete';

export interface DiffRun {
  op: DiffOp;
  text: string;
}

/** A tag, a run of white space, or a run of anything else up to the next tag or space. */
const TOKEN = /<[^>]*>|\s+|[^\s<]+|</g;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The runs that turn `from` into `to`, adjacent runs of the same kind merged. */
export function wordDiff(from: string | null, to: string | null): DiffRun[] {
  const runs: DiffRun[] = [];
  for (const part of diffArrays(tokenize(from ?? ''), tokenize(to ?? ''))) {
    const op: DiffOp = part.added ? 'insert' : part.removed ? 'delete' : 'equal';
    const text = part.value.join('');
    const last = runs[runs.length - 1];
    if (last && last.op === op) last.text += text;
    else if (text) runs.push({ op, text });
  }
  return runs;
}

/** Fields whose change carries a word diff. */
const TEXT_FIELDS = new Set(['title', 'content']);

/** `{old, new}` of a changed field, plus `diff` for title and content. */
export function fieldChange(field: string, old: unknown, next: unknown) {
  const out: { old: unknown; new: unknown; diff?: DiffRun[] } = {
    old: old ?? null,
    new: next ?? null,
  };
  if (TEXT_FIELDS.has(field)) out.diff = wordDiff(old as string | null, next as string | null);
  return out;
}
