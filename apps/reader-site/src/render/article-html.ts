import { createHash } from 'node:crypto';
import { htmlToMarkdown, sanitizeHtml, slugify, stripInternalMarkup } from '@hc/content';
import { settings } from '@hc/contracts';
import { sharedCounter } from '@hc/http';

/**
 * The largest article a reader page shows (issue 34): 2 MB of stored or sanitized HTML. Larger
 * stored HTML is never parsed: the page says the article is too large to display, so a reader
 * process never holds the syntax tree of a 16 MB article (the API accepts that much).
 */
export const ARTICLE_HTML_MAX = 2 * 1024 * 1024;
/** What the conversions below keep (their results, least recently used out first). */
const MEMO_MAX_CHARS = 32 * 1024 * 1024;

/** Conversions of stored article HTML (sanitizing, and Markdown for agents), by kind. */
export const articleConversions = sharedCounter({
  name: 'hc_reader_article_conversions_total',
  help: 'Stored article HTML sanitized (kind html) or converted to Markdown (kind markdown)',
  labelNames: ['kind'],
});

/** Converted results by content digest; a too-large result is kept as null. */
const memo = new Map<string, string | null>();
let memoChars = 0;

function remembered(key: string, convert: () => string | null): string | null {
  const kept = memo.get(key);
  if (kept !== undefined) {
    memo.delete(key);
    memo.set(key, kept);
    return kept;
  }
  const value = convert();
  memo.set(key, value);
  memoChars += key.length + (value?.length ?? 0);
  for (const [old, v] of memo) {
    if (memoChars <= MEMO_MAX_CHARS) break;
    memo.delete(old);
    memoChars -= old.length + (v?.length ?? 0);
  }
  return value;
}

/** Whether stored article HTML is past the cap before anything parses it. */
export function tooLargeToDisplay(content: string): boolean {
  return content.length > ARTICLE_HTML_MAX;
}

/**
 * A translation's HTML as readers get it (ids on headings, internal markup removed, sanitized
 * unless the site may render unsafe HTML), computed once per content: the page, its head
 * (structured data) and the Markdown of agents share one conversion. Null when the article is
 * too large to display (stored or sanitized past `ARTICLE_HTML_MAX`).
 */
export function articleHtml(content: string, unsafe = false): string | null {
  if (tooLargeToDisplay(content)) return null;
  const hosts = settings().embedHosts.join(',');
  const digest = createHash('sha1').update(content).digest('base64url');
  return remembered(`${unsafe ? 'unsafe' : hosts} html ${digest}`, () => {
    const html = readerHtml(content);
    if (unsafe) return html;
    articleConversions.inc({ kind: 'html' });
    const clean = sanitizeHtml(html, settings().embedHosts);
    return tooLargeToDisplay(clean) ? null : clean;
  });
}

/** The Markdown of a translation's sanitized HTML (agents), once per content; null if too large. */
export function articleMarkdown(content: string): string | null {
  const html = articleHtml(content);
  if (html === null) return null;
  const digest = createHash('sha1').update(content).digest('base64url');
  return remembered(`${settings().embedHosts.join(',')} markdown ${digest}`, () => {
    articleConversions.inc({ kind: 'markdown' });
    return htmlToMarkdown(html);
  });
}

/** The words a reader page or document shows in place of an article too large to display. */
export const TOO_LARGE_TO_DISPLAY = 'This article is too large to display.';

/**
 * At most this many headings of one article get an anchor (and can be in its table of
 * contents); later ones are rendered without an id (issue #15: bounded work per page).
 */
export const MAX_HEADING_ANCHORS = 500;
/** Heading text beyond this length does not change the id (ids are cut to a slug's length). */
const ID_TEXT_MAX = 200;

interface HeadingSpan {
  level: number;
  /** Where `<hN` starts, where its attributes end (the `>`), and where `</hN>` starts and ends. */
  start: number;
  attrsEnd: number;
  innerEnd: number;
  end: number;
}

/** ASCII letters lowered, nothing else changed: indexes stay those of the original. */
function lowerAscii(html: string): string {
  return html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The h2/h3 elements of article HTML, in order, found in one pass (issue #15: linear in the
 * size of the article; no regex rescans the document). Like the lazy pattern it replaces, a
 * heading runs to the first closing tag of its level; an opening tag without one is text.
 */
function scanHeadings(html: string, visit: (span: HeadingSpan) => boolean): void {
  const lower = lowerAscii(html);
  // The next closing tag of each level at or after the scan position (-1: none left).
  const nextClose: Record<number, number> = { 2: -2, 3: -2 };
  const closeAt = (level: number, from: number): number => {
    const known = nextClose[level];
    if (known === -1 || (known >= from && known !== -2)) return known;
    nextClose[level] = lower.indexOf(`</h${level}>`, from);
    return nextClose[level];
  };
  let pos = 0;
  while (pos < lower.length) {
    const open = lower.indexOf('<h', pos);
    if (open < 0) return;
    const level = lower.charCodeAt(open + 2) - 48;
    const after = lower[open + 3];
    if (
      (level !== 2 && level !== 3) ||
      !(after === '>' || after === '/' || /\s/.test(after ?? ''))
    ) {
      pos = open + 2;
      continue;
    }
    const attrsEnd = lower.indexOf('>', open + 3);
    if (attrsEnd < 0) return;
    const innerEnd = closeAt(level, attrsEnd + 1);
    if (innerEnd < 0) {
      pos = attrsEnd + 1;
      continue;
    }
    const span = { level, start: open, attrsEnd, innerEnd, end: innerEnd + 5 };
    if (!visit(span)) return;
    pos = span.end;
  }
}

/** The text of a heading's inner HTML: tags dropped, entities as spaces (linear). */
function headingText(inner: string): string {
  let out = '';
  let pos = 0;
  while (pos < inner.length && out.length < ID_TEXT_MAX * 2) {
    const tag = inner.indexOf('<', pos);
    if (tag < 0) {
      out += inner.slice(pos);
      break;
    }
    out += inner.slice(pos, tag);
    const close = inner.indexOf('>', tag);
    if (close < 0) {
      out += inner.slice(tag);
      break;
    }
    pos = close + 1;
  }
  return out.replace(/&[a-z#0-9]{1,32};/gi, ' ').trim();
}

/**
 * Heading ids: `h-<slug>`, then `-2`, `-3`… for repeats, from a counter per slug (no rescanning
 * of the ids already given).
 */
class HeadingIds {
  private readonly used = new Set<string>();
  private readonly counts = new Map<string, number>();

  next(text: string): string {
    const base = `h-${slugify(text.slice(0, ID_TEXT_MAX)) || 'section'}`;
    let n = this.counts.get(base) ?? 0;
    let id = base;
    while (this.used.has(id)) id = `${base}-${++n + 1}`;
    this.counts.set(base, n);
    this.used.add(id);
    return id;
  }
}

/** Headings of article HTML (h2, h3) with the ids `readerHtml` gives them (table of contents). */
export function headingsOf(
  html: string,
  depth: 2 | 3,
): Array<{ level: number; id: string; text: string }> {
  const out: Array<{ level: number; id: string; text: string }> = [];
  const ids = new HeadingIds();
  let seen = 0;
  scanHeadings(html, (span) => {
    const text = headingText(html.slice(span.attrsEnd + 1, span.innerEnd));
    const id = ids.next(text);
    if (span.level <= depth && text) out.push({ level: span.level, id, text });
    return ++seen < MAX_HEADING_ANCHORS && out.length < 50;
  });
  return out;
}

/** Article HTML with ids on h2/h3 (for the table of contents) and internal markup removed. */
export function readerHtml(html: string): string {
  const source = stripInternalMarkup(html);
  const ids = new HeadingIds();
  const parts: string[] = [];
  let copied = 0;
  let seen = 0;
  scanHeadings(source, (span) => {
    const attrs = source.slice(span.start + 3, span.attrsEnd);
    const id = ids.next(headingText(source.slice(span.attrsEnd + 1, span.innerEnd)));
    if (!/\sid\s*=/i.test(attrs)) {
      parts.push(source.slice(copied, span.attrsEnd), ` id="${id}"`);
      copied = span.attrsEnd;
    }
    return ++seen < MAX_HEADING_ANCHORS;
  });
  parts.push(source.slice(copied));
  return parts.join('');
}
