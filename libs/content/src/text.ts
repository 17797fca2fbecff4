import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import { stripInternalMarkup } from './markup';

/**
 * The readable text of article HTML, for the search index: internal markup left out (readers
 * cannot find what they cannot see), whitespace collapsed.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const tree = fromHtml(stripInternalMarkup(html), { fragment: true });
  return toText(tree).replace(/\s+/g, ' ').trim();
}

// InnoDB's default full-text stopwords: a required (`+`) stopword matches nothing.
const STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(
    ' ',
  ),
);

/** innodb_ft_min_token_size */
const MIN_TOKEN = 3;

/**
 * A MySQL BOOLEAN MODE query where every usable word of the reader's text is required, as a
 * prefix (`+reset* +passw*`). Words the index cannot hold (short words, stopwords) are left out;
 * returns null when nothing searchable remains.
 */
export function fullTextQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => Array.from(w).length >= MIN_TOKEN && !STOPWORDS.has(w));
  if (words.length === 0) return null;
  return [...new Set(words)]
    .slice(0, 16)
    .map((w) => `+${w}*`)
    .join(' ');
}
