/**
 * The words of forgiving search (issue 40, docs/decisions/forgiving-search.md): how article texts
 * and readers' queries become index terms. Pure functions; the term index itself is libs/data's.
 *
 * A term is folded (lower case, accents and other marks removed, `ß` → `ss`); a word also has its
 * stem (Snowball, per language) as a second form. Scripts written without spaces (Chinese,
 * Japanese, Korean, Thai) become overlapping two-character terms (bigrams), since neither
 * MariaDB nor MySQL's InnoDB splits them into words for us.
 */

/** Longest term kept (characters); longer runs are cut, never rejected. */
export const TERM_MAX = 32;
/** The most query words searched: the rest of a long query is ignored. */
export const QUERY_WORDS_MAX = 8;
/** Query text read (characters): lengths before regexes. */
export const QUERY_CHARS_MAX = 256;

/** Where a term stands in an article: the weight of the field. */
export const FIELD_WEIGHT = { title: 3, heading: 2, body: 1 } as const;

/** Term forms in the index: the folded word itself, or its stem. */
export const FORM_WORD = 0;
export const FORM_STEM = 1;

type Stemmer = (word: string) => string;

// The Snowball stemmers of @orama/stemmers, by site language, loaded when first used. The
// package is ESM with CommonJS builds under subpaths that `moduleResolution: node` cannot type,
// hence plain (static, so the image's dependency walk sees them) requires.
/* eslint-disable @typescript-eslint/no-require-imports */
const STEMMER_MODULES: Record<string, () => { stemmer: Stemmer }> = {
  ar: () => require('@orama/stemmers/arabic'),
  bg: () => require('@orama/stemmers/bulgarian'),
  da: () => require('@orama/stemmers/danish'),
  de: () => require('@orama/stemmers/german'),
  el: () => require('@orama/stemmers/greek'),
  en: () => require('@orama/stemmers/english'),
  es: () => require('@orama/stemmers/spanish'),
  fi: () => require('@orama/stemmers/finnish'),
  fr: () => require('@orama/stemmers/french'),
  hu: () => require('@orama/stemmers/hungarian'),
  id: () => require('@orama/stemmers/indonesian'),
  it: () => require('@orama/stemmers/italian'),
  lt: () => require('@orama/stemmers/lithuanian'),
  nb: () => require('@orama/stemmers/norwegian'),
  nl: () => require('@orama/stemmers/dutch'),
  no: () => require('@orama/stemmers/norwegian'),
  pt: () => require('@orama/stemmers/portuguese'),
  ro: () => require('@orama/stemmers/romanian'),
  ru: () => require('@orama/stemmers/russian'),
  sr: () => require('@orama/stemmers/serbian'),
  sv: () => require('@orama/stemmers/swedish'),
  tr: () => require('@orama/stemmers/turkish'),
  uk: () => require('@orama/stemmers/ukrainian'),
};
/* eslint-enable @typescript-eslint/no-require-imports */
const stemmers = new Map<string, Stemmer | null>();

/** The stemmer of a site language (`pt-BR` uses `pt`'s), or null when none covers it. */
export function stemmerFor(lang: string): Stemmer | null {
  const base = lang.toLowerCase().split('-')[0];
  if (!stemmers.has(base)) {
    const load = Object.hasOwn(STEMMER_MODULES, base) ? STEMMER_MODULES[base] : null;
    stemmers.set(base, load ? load().stemmer : null);
  }
  return stemmers.get(base) ?? null;
}

// Short, common words per language that carry no meaning for search. They are left out of a
// query unless nothing else is left, and never out of the index.
const STOPWORDS: Record<string, string> = {
  en: 'a about all an and any are as at be by can could do does for from get has have how i if in into is it its me my of on or our should so that the their them then there these this to us was we were what when where which who why will with would you your',
  de: 'aber alle als am an auch auf aus bei bin bis da das dass dem den der des die dies du ein eine einem einen einer es für hat ich ihr im in ist kann man mein meine mit nach nicht noch oder sich sie sind so und uns von vom was wenn wer wie wir wo zu zum zur',
  fr: 'a au aux avec ce ces comment dans de des du elle en est et il je la le les leur ma mais me mes mon ne nous on ou par pas peut peux pour que qui sa se ses son sur ta te tes ton tu un une vos votre vous',
  es: 'a al como con de del el en es la las lo los mi mis para por que se su sus un una y yo',
  it: 'a al come con da del della di e il in la le lo mi mio per che si su un una',
  pt: 'a ao as com como da de do dos e em meu minha na no o os para por que se um uma',
  nl: 'de een en het hoe ik in is met mijn op te van voor wat',
};
const stopwordSets = new Map<string, Set<string>>();

function stopwords(lang: string): Set<string> {
  const base = lang.toLowerCase().split('-')[0];
  let set = stopwordSets.get(base);
  if (!set) {
    set = new Set((STOPWORDS[base] ?? '').split(' ').filter(Boolean).map(fold));
    stopwordSets.set(base, set);
  }
  return set;
}

/** Lower case without accents or other marks (`Überweisung` → `uberweisung`, `İ` → `i`). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

// Scripts written without spaces between words.
const UNSPACED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}]/u;
const RUN = /[\p{L}\p{N}\u30fc]+/gu;

/** A word of text: its folded form, its stem (or null), and whether it is a bigram. */
export interface Token {
  term: string;
  stem: string | null;
  bigram: boolean;
}

/** The characters of `run` split where the script changes between spaced and unspaced. */
function scriptParts(run: string): { text: string; unspaced: boolean }[] {
  const parts: { text: string; unspaced: boolean }[] = [];
  for (const ch of run) {
    const unspaced = UNSPACED.test(ch);
    const last = parts[parts.length - 1];
    if (last && last.unspaced === unspaced) last.text += ch;
    else parts.push({ text: ch, unspaced });
  }
  return parts;
}

/** The tokens of `text` in order (bigrams for unspaced scripts; a lone character stays one). */
export function tokenize(text: string, lang: string): Token[] {
  const stem = stemmerFor(lang);
  const out: Token[] = [];
  for (const [run] of text.matchAll(RUN)) {
    for (const part of UNSPACED.test(run) ? scriptParts(run) : [{ text: run, unspaced: false }]) {
      if (part.unspaced) {
        const chars = Array.from(part.text);
        if (chars.length === 1) out.push({ term: chars[0], stem: null, bigram: true });
        for (let i = 0; i + 1 < chars.length; i++) {
          out.push({ term: chars[i] + chars[i + 1], stem: null, bigram: true });
        }
        continue;
      }
      const lower = Array.from(part.text.toLowerCase()).slice(0, TERM_MAX).join('');
      const term = fold(lower);
      if (!term) continue;
      const stemmed = stem && !/\d/.test(term) ? fold(stem(lower)) : null;
      out.push({ term, stem: stemmed && stemmed !== term ? stemmed : null, bigram: false });
    }
  }
  return out;
}

/** An article's index entry: its terms with the weight of the best field they stand in. */
export interface IndexTerm {
  form: number;
  term: string;
  /** Field weight × 10 + occurrences (at most 9). */
  weight: number;
}

/** The index terms of one translation: title, headings and body text. */
export function documentTerms(
  lang: string,
  parts: { title: string; headings: string; body: string },
): IndexTerm[] {
  const best = new Map<string, { form: number; term: string; field: number; count: number }>();
  const add = (form: number, term: string, field: number) => {
    const key = `${form} ${term}`;
    const e = best.get(key);
    if (!e) best.set(key, { form, term, field, count: 1 });
    else {
      e.field = Math.max(e.field, field);
      e.count++;
    }
  };
  const fields: [string, number][] = [
    [parts.title, FIELD_WEIGHT.title],
    [parts.headings, FIELD_WEIGHT.heading],
    [parts.body, FIELD_WEIGHT.body],
  ];
  for (const [text, field] of fields) {
    for (const t of tokenize(text, lang)) {
      add(FORM_WORD, t.term, field);
      if (t.stem) add(FORM_STEM, t.stem, field);
    }
  }
  return [...best.values()].map((e) => ({
    form: e.form,
    term: e.term,
    weight: e.field * 10 + Math.min(e.count, 9),
  }));
}

/** The headings' text of article HTML (what `<h1>`…`<h6>` hold, tags removed). */
export function headingsText(html: string): string {
  const out: string[] = [];
  for (const [, inner] of html.matchAll(/<h[1-6][^>]*>([^]*?)<\/h[1-6]>/gi)) {
    out.push(inner.replace(/<[^>]*>/g, ' '));
  }
  return out.join(' ');
}

/** One searched word of a query. */
export interface QueryWord {
  /** The word as typed, lower case (for "did you mean"). */
  text: string;
  term: string;
  stem: string | null;
  /** The last word of the query, when the query does not end in a space: matched as a prefix. */
  prefix: boolean;
  /** Edits forgiven: none under 4 letters, one from 4, two from 8; none for bigrams. */
  edits: number;
}

/** The edits a word of `length` letters may have and still match (issue 40). */
export function editsAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** A query's text as searched: its first QUERY_CHARS_MAX characters. */
function queryCut(text: string): string {
  return Array.from(text.slice(0, QUERY_CHARS_MAX * 2))
    .slice(0, QUERY_CHARS_MAX)
    .join('');
}

/**
 * The words a query searches: at most QUERY_WORDS_MAX, duplicates once. Stopwords are left out
 * unless the query has nothing else, so a query never becomes empty by them.
 */
export function queryWords(text: string, lang: string): QueryWord[] {
  const cut = queryCut(text);
  const tokens = tokenize(cut, lang);
  const endsInWord = /[\p{L}\p{N}]$/u.test(cut);
  const stop = stopwords(lang);
  const kept = tokens.filter((t) => t.bigram || !stop.has(t.term));
  const chosen = kept.length ? kept : tokens;
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  chosen.forEach((t) => {
    if (seen.has(t.term) || words.length >= QUERY_WORDS_MAX) return;
    seen.add(t.term);
    words.push({
      text: t.term,
      term: t.term,
      stem: t.stem,
      prefix: false,
      edits: t.bigram ? 0 : editsAllowed(Array.from(t.term).length),
    });
  });
  const last = words[words.length - 1];
  const lastToken = tokens[tokens.length - 1];
  if (last && endsInWord && lastToken && lastToken.term === last.term && !lastToken.bigram) {
    last.prefix = true;
  }
  return words;
}

/**
 * The optimal-string-alignment distance of `a` and `b` (insertions, deletions, substitutions and
 * adjacent transpositions each count one), or `max + 1` as soon as it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        v = Math.min(v, prev2[j - 2] + 1);
      }
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[t.length], max + 1);
}

/** The terms a snippet marks: words (folded) and stems a query matched by. */
export interface Highlight {
  words: string[];
  stems: string[];
}

/** A piece of snippet text, `hit` when it is a matched word (to be shown marked). */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * A snippet of `text` around its first matched word, at most `max` characters, cut into parts
 * with the matched words marked. Plain text in, plain text out: the caller escapes it as it
 * renders it (HTML-escaped by the page renderer, `textContent` in the instant results).
 */
export function snippet(
  text: string,
  lang: string,
  highlight: Highlight,
  max = 200,
): SnippetPart[] {
  const source = text.slice(0, 20_000);
  const words = new Set(highlight.words);
  const stems = new Set(highlight.stems);
  const stem = stemmerFor(lang);
  const isHit = (raw: string) => {
    const term = fold(raw.toLowerCase());
    if (words.has(term) || stems.has(term)) return true;
    return stem !== null && stems.has(fold(stem(raw.toLowerCase())));
  };
  const hits: [number, number][] = [];
  for (const m of source.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (hits.length >= 50) break;
    if (isHit(m[0])) hits.push([m.index, m.index + m[0].length]);
  }
  let start = 0;
  if (hits.length && hits[0][0] > max / 3) {
    start = source.lastIndexOf(' ', hits[0][0] - Math.floor(max / 4)) + 1;
  }
  const end = Math.min(source.length, start + max);
  const parts: SnippetPart[] = [];
  const push = (t: string, hit: boolean) => t && parts.push({ text: t, hit });
  if (start > 0) push('… ', false);
  let at = start;
  for (const [a, b] of hits) {
    if (a < start || b > end) continue;
    push(source.slice(at, a), false);
    push(source.slice(a, b), true);
    at = b;
  }
  push(source.slice(at, end), false);
  if (end < source.length) push(' …', false);
  return parts;
}

/** Words of a query read for phrases (a synonym of several words), and the longest phrase. */
const PHRASE_TOKENS = 16;
const PHRASE_WORDS_MAX = 3;

/** A run of two or three consecutive query words, as a synonym of several words is stored. */
export interface QueryPhrase {
  /** The folded words joined by a space, and by a hyphen (`e mail`, `e-mail`). */
  keys: string[];
  /** The query words (`QueryWord.term`) the phrase covers; stopwords are no query words. */
  terms: string[];
}

/**
 * The phrases of a query a site's synonyms may hold: every run of 2 to 3 consecutive words
 * (stopwords included, so "log in" is one) among its first 16, each covering at least one
 * searched word. Bounded: at most 29 phrases.
 */
export function queryPhrases(text: string, lang: string, words: QueryWord[]): QueryPhrase[] {
  const tokens = tokenize(queryCut(text), lang)
    .filter((t) => !t.bigram)
    .slice(0, PHRASE_TOKENS);
  const searched = new Set(words.map((w) => w.term));
  const out: QueryPhrase[] = [];
  for (let n = 2; n <= PHRASE_WORDS_MAX; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const run = tokens.slice(i, i + n).map((t) => t.term);
      const terms = [...new Set(run.filter((t) => searched.has(t)))];
      if (terms.length) out.push({ keys: [run.join(' '), run.join('-')], terms });
    }
  }
  return out;
}

/**
 * The words a synonym matches by: each of its words, stopwords included (at most
 * QUERY_WORDS_MAX). A synonym of several words matches an article only when the article has
 * every one ("sign in" is not "sign").
 */
export function synonymWords(synonym: string, lang: string): Token[] {
  return tokenize(synonym.slice(0, QUERY_CHARS_MAX), lang).slice(0, QUERY_WORDS_MAX);
}

/** A word without its first letter: the key that finds typing mistakes in the first letter. */
export function wordTail(term: string): string {
  return Array.from(term).slice(1).join('');
}

/**
 * The exact lookups that find a word whose first letter was mistyped (one edit there): its
 * vocabulary entry's tail (`wordTail`) is the typed word without its first letter (the letter
 * replaced), the typed word itself (the letter left out) or the typed first letter before the
 * rest after the second (the first two letters swapped); or the entry is the typed word without
 * its first letter (a letter typed before it). Bounded: three tails and one word per query word.
 */
export function firstLetterTypos(term: string): { tails: string[]; terms: string[] } {
  const c = Array.from(term);
  if (c.length < 2) return { tails: [], terms: [] };
  const rest = c.slice(1).join('');
  return {
    tails: [...new Set([rest, term, c[0] + c.slice(2).join('')])],
    terms: [rest],
  };
}
