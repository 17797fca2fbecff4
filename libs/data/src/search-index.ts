import type { SiteId } from '@hc/contracts';
import {
  documentTerms,
  editDistance,
  firstLetterTypos,
  fold,
  FORM_STEM,
  FORM_WORD,
  headingsText,
  queryPhrases,
  queryWords,
  synonymWords,
  wordTail,
} from '@hc/content';
import type { Highlight, QueryPhrase, QueryWord } from '@hc/content';

/**
 * Forgiving search's term index (issue 40, docs/decisions/forgiving-search.md): the search port
 * the API's `search`, the reader site and the MCP `search_articles` tool (through the API) read.
 * Per site and language: `search_terms` (term, form, article, best field weight), written in the
 * transaction of the article write; `search_vocabulary`, the words typo tolerance expands from;
 * `search_synonyms`, the site's synonym groups. Nothing is computed across sites: ranking uses
 * only the article's own weights, its views and its freshness.
 */
type Queryable = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

/** Words shorter than this never get a typo tolerance, so the vocabulary does not hold them. */
const VOCABULARY_MIN = 4;
/** Vocabulary rows read per misspelled word (same first letter, length within the edits). */
const FUZZY_SCAN = 4000;
/** Spellings kept per misspelled word, the closest first. */
const FUZZY_KEEP = 6;
/** Completions of the last word, as typed (prefix matching): read in order, the shortest kept. */
const PREFIX_SCAN = 200;
const PREFIX_KEEP = 24;
/** Synonyms kept per query word or phrase. */
const SYNONYMS_KEEP = 8;
/** Distinct terms a query reads. */
const ALTERNATIVES_MAX = 64;
/** Postings read per term, the best-weighted first; widened once when too few are visible. */
const POSTINGS_PER_TERM = [256, 2048];
/** Ranked candidates checked for visibility. */
const CANDIDATES = 100;
/**
 * When fewer than twice the wanted matches have every word, the best this many candidates
 * lacking a word have their postings read by article.
 */
const FILL = 100;
/** Rows per INSERT statement. */
const INSERT_ROWS = 2000;

/** How much a way of matching a query word counts (exact over stemmed over fuzzy). */
const MATCH = { exact: 10, stem: 8, prefix: 7, synonym: 6, fuzzy1: 5, fuzzy2: 3 } as const;

/** The text a translation is indexed from. */
export interface IndexedText {
  title: string;
  content: string;
  searchText: string;
}

/**
 * Replaces the index entries of one translation (call inside the article write's transaction).
 * `fresh`: the translation is new, so it has no entries to delete. The delete is then left out:
 * on a new (highest) article id it would lock the index's last gap, which every concurrent
 * create inserts into, and two creates deadlocked on it.
 */
export async function indexTranslation(
  db: Queryable,
  siteId: SiteId | number,
  articleId: number,
  lang: string,
  text: IndexedText,
  options: { fresh?: boolean } = {},
): Promise<void> {
  await indexTranslations(db, [{ siteId, articleId, lang, text }], options);
}

/**
 * Replaces the index entries of several translations, in multi-row statements, in key order
 * (two writes that share words take their locks in the same order, so they wait, never deadlock).
 */
export async function indexTranslations(
  db: Queryable,
  list: { siteId: SiteId | number; articleId: number; lang: string; text: IndexedText }[],
  options: { fresh?: boolean } = {},
): Promise<void> {
  if (!options.fresh) {
    for (const { siteId, articleId, lang } of list)
      await unindexTranslation(db, siteId, articleId, lang);
  }
  const rows = indexRows(list);
  await writeIndexRows(db, rows);
}

/** The index rows of translations: terms in key order, and the vocabulary words they add. */
interface IndexRows {
  terms: unknown[][];
  words: unknown[][];
}

function indexRows(
  list: { siteId: SiteId | number; articleId: number; lang: string; text: IndexedText }[],
  seen?: Set<string>,
): IndexRows {
  const terms: unknown[][] = [];
  const words = new Map<string, unknown[]>();
  for (const { siteId, articleId, lang, text } of list) {
    for (const t of documentTerms(lang, {
      title: text.title,
      headings: headingsText(text.content),
      body: text.searchText,
    })) {
      terms.push([siteId, lang, t.form, t.term, t.weight, articleId]);
      if (t.form === FORM_WORD && Array.from(t.term).length >= VOCABULARY_MIN) {
        const key = `${siteId} ${lang} ${t.term}`;
        if (seen?.has(key)) continue;
        seen?.add(key);
        words.set(key, [siteId, lang, t.term, wordTail(t.term)]);
      }
    }
  }
  return { terms: terms.sort(byKey(6)), words: [...words.values()].sort(byKey(3)) };
}

/**
 * Writes index rows; `together`: every statement sent at once (queued on one connection, run
 * side by side on a pool: their rows never overlap), so the caller can work while they run.
 */
async function writeIndexRows(db: Queryable, rows: IndexRows, together = false): Promise<void> {
  const statements = [
    ...insertStatements(
      'INSERT INTO search_terms (site_id, lang, form, term, weight, article_id)',
      rows.terms,
    ),
    ...insertStatements(
      'INSERT IGNORE INTO search_vocabulary (site_id, lang, term, tail)',
      rows.words,
    ),
  ];
  if (together) await Promise.all(statements.map((q) => db.query(q.sql, q.params)));
  else for (const q of statements) await db.query(q.sql, q.params);
}

/** Rows in primary-key order: their first `n` columns compared in turn. */
function byKey(n: number): (a: unknown[], b: unknown[]) => number {
  return (a, b) => {
    for (let i = 0; i < n; i++) {
      const x = a[i] as string | number;
      const y = b[i] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}

/** Multi-row INSERT statements of at most INSERT_ROWS rows each. */
function insertStatements(head: string, rows: unknown[][]): { sql: string; params: unknown[] }[] {
  const out: { sql: string; params: unknown[] }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const part = rows.slice(i, i + INSERT_ROWS);
    const one = `(${part[0].map(() => '?').join(', ')})`;
    out.push({ sql: `${head} VALUES ${part.map(() => one).join(', ')}`, params: part.flat() });
  }
  return out;
}

async function insertRows(db: Queryable, head: string, rows: unknown[][]): Promise<void> {
  for (const q of insertStatements(head, rows)) await db.query(q.sql, q.params);
}

/** Removes the index entries of one translation. */
export async function unindexTranslation(
  db: Queryable,
  siteId: SiteId | number,
  articleId: number,
  lang: string,
): Promise<void> {
  await db.query('DELETE FROM search_terms WHERE article_id = ? AND lang = ? AND site_id = ?', [
    articleId,
    lang,
    siteId,
  ]);
}

type StoredTranslation = {
  article_id: number;
  lang: string;
  site_id: number;
  title: string;
  content: string;
  search_text: string;
};

/**
 * Indexes every stored translation in one pass (the migration that created the index; operators'
 * repair): whole articles per batch, one DELETE per batch unless `fresh` (an empty index),
 * multi-row INSERTs of INSERT_ROWS, each vocabulary word written once, and the next batch's terms
 * computed while the previous batch's statements run.
 */
export async function reindexTranslations(
  db: Queryable,
  options: { batch?: number; fresh?: boolean } = {},
): Promise<number> {
  const batch = options.batch ?? 1000;
  const seen = new Set<string>();
  let after = 0;
  let done = 0;
  const read = async (): Promise<StoredTranslation[]> => {
    const rows = (await db.query(
      `SELECT article_id, lang, site_id, title, content, search_text FROM article_translations
       WHERE article_id > ? ORDER BY article_id, lang LIMIT ?`,
      [after, batch],
    )) as StoredTranslation[];
    // whole articles only: the last article's other languages come with the next batch
    const last = rows.length ? rows[rows.length - 1].article_id : 0;
    const whole = rows.length === batch ? rows.filter((r) => r.article_id !== last) : rows;
    const taken = whole.length ? whole : rows;
    if (taken.length) after = taken[taken.length - 1].article_id;
    return taken;
  };
  // in parts, giving way between them, so the statements in flight keep going
  const prepare = async (rows: StoredTranslation[]): Promise<IndexRows> => {
    const out: IndexRows = { terms: [], words: [] };
    for (let i = 0; i < rows.length; i += 50) {
      const part = indexRows(
        rows.slice(i, i + 50).map((r) => ({
          siteId: r.site_id,
          articleId: r.article_id,
          lang: r.lang,
          text: { title: r.title, content: r.content, searchText: r.search_text },
        })),
        seen,
      );
      out.terms.push(...part.terms);
      out.words.push(...part.words);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { terms: out.terms.sort(byKey(6)), words: out.words.sort(byKey(3)) };
  };
  let rows = await read();
  let prepared = await prepare(rows);
  while (rows.length) {
    const first = rows[0].article_id;
    const last = rows[rows.length - 1].article_id;
    const next = await read();
    if (!options.fresh) {
      await db.query('DELETE FROM search_terms WHERE article_id BETWEEN ? AND ?', [first, last]);
    }
    const writing = writeIndexRows(db, prepared, true);
    // computed while the statements above run
    const nextPrepared = await prepare(next);
    await writing;
    done += rows.length;
    rows = next;
    prepared = nextPrepared;
  }
  return done;
}

/** What a search asks for. */
export interface SearchRequest {
  text: string;
  lang: string;
  /** Spec 4.4: on a site whose default language is not English, only articles with a released English text. */
  requireEnglish: boolean;
  max: number;
}

/** What a search found: ids best first; `corrected` when a word matched only as a spelling of another. */
export interface SearchResult {
  ids: number[];
  /** The query with its misspelled words replaced by the closest word the site has. */
  corrected: string | null;
  /** What to highlight in snippets: the words and stems the query matched by. */
  highlight: Highlight;
}

/**
 * One way a query word (`slot`) may match: a term in a form and what the way counts (`MATCH`).
 * A synonym of several words has one alternative per word (`phrase`): it matches an article
 * only when the article has every part, and counts as its weakest part.
 */
export interface Alternative {
  lang: string;
  slot: number;
  form: number;
  term: string;
  w: number;
  phrase?: { id: number; part: number; parts: number };
}

/** A posting read from the index: the distinct term it is for (`key`), the article, its weight. */
export interface Posting {
  key: number;
  article: number;
  weight: number;
}

/** How an article stands for a query: the words it matches, and the sum of their best matches. */
export interface Standing {
  id: number;
  matched: number;
  score: number;
  /** The query words (slots) matched. */
  slots: Set<number>;
}

/** The distinct terms of `alternatives` (form and term), and the alternatives each stands for. */
export function termKeys(alternatives: Alternative[]): {
  keys: { form: number; term: string }[];
  uses: Alternative[][];
} {
  const index = new Map<string, number>();
  const keys: { form: number; term: string }[] = [];
  const uses: Alternative[][] = [];
  for (const a of alternatives) {
    const k = `${a.form} ${a.term}`;
    let i = index.get(k);
    if (i === undefined) {
      i = keys.push({ form: a.form, term: a.term }) - 1;
      index.set(k, i);
      uses.push([]);
    }
    uses[i].push(a);
  }
  return { keys, uses };
}

/**
 * Ranks the articles of `postings`: per article and query word the best match × field weight (a
 * synonym of several words only when the article has each of its words, at the weakest), then
 * the words matched, their sum, the newest article first. Postings read twice count once.
 */
export function standings(uses: Alternative[][], postings: Posting[]): Standing[] {
  type Entry = { best: Map<number, number>; parts?: Map<number, Map<number, number>> };
  const phrases = new Map<number, Alternative>();
  const per = new Map<number, Entry>();
  for (const p of postings) {
    let e = per.get(p.article);
    if (!e) per.set(p.article, (e = { best: new Map() }));
    for (const a of uses[p.key] ?? []) {
      if (a.phrase) {
        phrases.set(a.phrase.id, a);
        e.parts ??= new Map();
        let parts = e.parts.get(a.phrase.id);
        if (!parts) e.parts.set(a.phrase.id, (parts = new Map()));
        parts.set(a.phrase.part, Math.max(parts.get(a.phrase.part) ?? 0, p.weight));
      } else e.best.set(a.slot, Math.max(e.best.get(a.slot) ?? 0, p.weight * a.w));
    }
  }
  const out: Standing[] = [];
  for (const [id, e] of per) {
    for (const [phrase, parts] of e.parts ?? []) {
      const a = phrases.get(phrase)!;
      if (parts.size < a.phrase!.parts) continue;
      const s = Math.min(...parts.values()) * a.w;
      e.best.set(a.slot, Math.max(e.best.get(a.slot) ?? 0, s));
    }
    if (!e.best.size) continue;
    let score = 0;
    for (const s of e.best.values()) score += s;
    out.push({ id, matched: e.best.size, score, slots: new Set(e.best.keys()) });
  }
  return out.sort((a, b) => b.matched - a.matched || b.score - a.score || b.id - a.id);
}

/** A binary column's text. */
function bufferText(v: unknown): string {
  return Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** What the site's vocabulary and synonyms say about a query's words, read in one statement. */
interface Lookup {
  /** The site's synonyms per query word or phrase. */
  synonyms: Map<string, string[]>;
  /** The query words the site has as they are. */
  known: Set<string>;
  /** Completions of the last word, the shortest first. */
  completions: string[];
  /** Per query word the site does not have (by its index), words that may be its spelling. */
  near: Map<number, string[]>;
}

/**
 * Spec 4.4 search through the term index: only what an anonymous reader could find, at most
 * `max`, ranked by words matched, then match quality × field weight, then views and freshness.
 * Every read is bounded (docs/decisions/forgiving-search.md "Bounds"): the site's best-weighted
 * postings per term, a fixed number of candidates checked for visibility.
 */
export class ArticleSearch {
  /** `postingsPerTerm`: the reads per term and their one widening (tests make them small). */
  constructor(
    private readonly db: Queryable,
    private readonly postingsPerTerm: readonly number[] = POSTINGS_PER_TERM,
  ) {}

  async search(siteId: SiteId | number, req: SearchRequest): Promise<SearchResult> {
    const words = queryWords(req.text, req.lang);
    const highlight: Highlight = { words: [], stems: [] };
    if (!words.length) return { ids: [], corrected: null, highlight };
    const { alternatives, corrected } = await this.alternatives(siteId, req.lang, words, req.text);
    const ids = await this.rank(siteId, req, alternatives, words.length);
    for (const a of alternatives)
      (a.form === FORM_WORD ? highlight.words : highlight.stems).push(a.term);
    return { ids, corrected, highlight };
  }

  /**
   * Issue 37's team search through the same matching: every status (drafts, the Trash, private
   * and link-only articles, unreleased translations) in `langs`, live before trashed, best first,
   * one page of ids and the total; no cap (so every posting of the words is counted).
   */
  async teamSearch(
    siteId: SiteId | number,
    text: string,
    langs: string[],
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    const all: Alternative[] = [];
    let slots = 0;
    for (const lang of langs) {
      const words = queryWords(text, lang);
      slots = Math.max(slots, words.length);
      if (words.length)
        all.push(...(await this.alternatives(siteId, lang, words, text)).alternatives);
    }
    if (!all.length) return { ids: [], total: 0 };
    const ranked = this.rankedSql(all);
    const from = `FROM (${ranked.sql}) r JOIN articles a ON a.id = r.article_id AND a.site_id = ?
       WHERE r.matched >= ?`;
    const params = [...ranked.params, siteId, siteId, Math.ceil(slots / 2)];
    const [rows, count] = (await Promise.all([
      this.db.query(
        `SELECT a.id ${from}
         ORDER BY a.deleted_at IS NOT NULL, r.matched DESC, r.score DESC, a.updated_at DESC, a.id DESC
         LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      ),
      this.db.query(`SELECT COUNT(*) AS n ${from}`, params),
    ])) as [{ id: number }[], { n: number | string }[]];
    return { ids: rows.map((r) => Number(r.id)), total: Number(count[0]?.n ?? 0) };
  }

  /**
   * Every way each query word may match in `lang` (bounded: ALTERNATIVES_MAX terms, the best
   * first), and the corrected query when one is misspelled.
   */
  private async alternatives(
    siteId: SiteId | number,
    lang: string,
    words: QueryWord[],
    text: string,
  ): Promise<{ alternatives: Alternative[]; corrected: string | null }> {
    const alternatives: Alternative[] = [];
    const phrases = queryPhrases(text, lang, words);
    const found = await this.lookup(siteId, lang, words, phrases);
    const isKnown = (w: QueryWord) =>
      w.edits === 0 || found.known.has(w.term) || (w.prefix && found.completions.length > 0);
    const spellings = new Map(
      words.map((w, i) => [w.term, isKnown(w) ? [] : closest(w, found.near.get(i) ?? [])]),
    );
    let phraseId = 0;
    const addSynonyms = (slots: number[], synonyms: string[]) => {
      for (const synonym of synonyms.slice(0, SYNONYMS_KEEP)) {
        const parts = synonymWords(synonym, lang);
        for (const slot of slots) {
          const id = phraseId++;
          parts.forEach((t, part) => {
            const phrase = parts.length > 1 ? { id, part, parts: parts.length } : undefined;
            alternatives.push({
              lang,
              slot,
              form: FORM_WORD,
              term: t.term,
              w: MATCH.synonym,
              phrase,
            });
            if (t.stem)
              alternatives.push({
                lang,
                slot,
                form: FORM_STEM,
                term: t.stem,
                w: MATCH.synonym,
                phrase,
              });
          });
        }
      }
    };
    const typed: string[] = [];
    for (const [slot, word] of words.entries()) {
      const add = (form: number, term: string, w: number) =>
        alternatives.push({ lang, slot, form, term, w });
      add(FORM_WORD, word.term, MATCH.exact);
      add(FORM_STEM, word.stem ?? word.term, MATCH.stem);
      addSynonyms([slot], found.synonyms.get(word.term) ?? []);
      if (word.prefix) for (const c of found.completions) add(FORM_WORD, c, MATCH.prefix);
      const near = spellings.get(word.term) ?? [];
      for (const f of near) add(FORM_WORD, f.term, f.edits === 1 ? MATCH.fuzzy1 : MATCH.fuzzy2);
      typed.push(near.length ? near[0].term : word.text);
    }
    const slotOf = new Map(words.map((w, i) => [w.term, i]));
    for (const p of phrases) {
      const synonyms = p.keys.flatMap((k) => found.synonyms.get(k) ?? []);
      addSynonyms(
        p.terms.map((t) => slotOf.get(t)!),
        [...new Set(synonyms)],
      );
    }
    const corrected = typed.some((s, i) => s !== words[i].text) ? typed.join(' ') : null;
    return { alternatives: bounded(alternatives), corrected };
  }

  /** The site's synonyms of the query's words and phrases, its known words and completions. */
  private async lookup(
    siteId: SiteId | number,
    lang: string,
    words: QueryWord[],
    phrases: QueryPhrase[],
  ): Promise<Lookup> {
    const parts = [
      `SELECT 0 AS k, q.term AS a, s.term AS b FROM search_synonyms q
       JOIN search_synonyms s ON s.site_id = q.site_id AND s.lang = q.lang AND s.group_no = q.group_no
       WHERE q.site_id = ? AND q.lang = ? AND q.term IN (?) AND s.term <> q.term`,
    ];
    const params: unknown[] = [
      siteId,
      lang,
      [...words.map((w) => w.term), ...phrases.flatMap((p) => p.keys)],
    ];
    const checked = words.filter((w) => w.edits > 0).map((w) => w.term);
    if (checked.length) {
      parts.push(
        'SELECT 1, term, NULL FROM search_vocabulary WHERE site_id = ? AND lang = ? AND term IN (?)',
      );
      params.push(siteId, lang, checked);
    }
    const last = words[words.length - 1];
    if (last.prefix) {
      parts.push(
        `(SELECT 2, term, NULL FROM search_vocabulary WHERE site_id = ? AND lang = ? AND term LIKE ?
          ORDER BY term LIMIT ${PREFIX_SCAN})`,
      );
      params.push(siteId, lang, likePrefix(last.term));
    }
    words.forEach((word, i) => {
      if (word.edits > 0) spellingReads(word, siteId, lang, 3 + i, parts, params);
    });
    const rows = (await this.db.query(parts.join(' UNION ALL '), params)) as {
      k: number | string;
      a: unknown;
      b: unknown;
    }[];
    const out: Lookup = { synonyms: new Map(), known: new Set(), completions: [], near: new Map() };
    for (const r of rows) {
      const a = bufferText(r.a);
      const k = Number(r.k);
      if (k === 0) out.synonyms.set(a, [...(out.synonyms.get(a) ?? []), bufferText(r.b)]);
      else if (k === 1) out.known.add(a);
      else if (k === 2) out.completions.push(a);
      else out.near.set(k - 3, [...(out.near.get(k - 3) ?? []), a]);
    }
    out.completions = out.completions
      .sort((x, y) => Array.from(x).length - Array.from(y).length || (x < y ? -1 : 1))
      .slice(0, PREFIX_KEEP);
    return out;
  }

  /**
   * The statement ranking a site's articles by the alternatives over all their postings (team
   * search: its total counts every match): per article the words matched and the sum over words
   * of the best match × field weight (`article_id`, `matched`, `score`); takes the site id after
   * `params`. A synonym of several words matches only where the article has each of its words,
   * at the weakest (as `standings` ranks search's candidates).
   */
  private rankedSql(alternatives: Alternative[]): { sql: string; params: unknown[] } {
    const unique = new Map<string, Alternative>();
    for (const a of alternatives) {
      const key = `${a.lang} ${a.slot} ${a.form} ${a.term} ${a.phrase?.id ?? ''} ${a.phrase?.part ?? ''}`;
      const had = unique.get(key);
      if (!had || had.w < a.w) unique.set(key, a);
    }
    const alts = [...unique.values()];
    const table = alts
      .map(
        () =>
          'SELECT ? AS lang, ? AS slot, ? AS form, ? AS term, ? AS w, ? AS ph, ? AS part, ? AS parts',
      )
      .join(' UNION ALL ');
    // Innermost: an article's best posting per alternative group part (a plain alternative is a
    // group of one part, -1); then a group counts only with every part, at its weakest; then
    // the best group per query word; then the words matched and their sum per article.
    return {
      sql: `SELECT z.article_id, COUNT(*) AS matched, SUM(z.s) AS score FROM (
           SELECT y.article_id, y.slot, MAX(y.s) AS s FROM (
             SELECT x.article_id, x.slot, MIN(x.s) AS s, COUNT(*) AS found, MAX(x.parts) AS parts
             FROM (
               SELECT p.article_id, q.slot, q.lang, q.ph, q.part, MAX(q.parts) AS parts,
                      MAX(p.weight * q.w) AS s
               FROM (${table}) q
               JOIN search_terms p ON p.site_id = ? AND p.lang = q.lang AND p.form = q.form AND p.term = q.term
               GROUP BY p.article_id, q.slot, q.lang, q.ph, q.part) x
             GROUP BY x.article_id, x.slot, x.lang, x.ph
             HAVING COUNT(*) >= MAX(x.parts)) y
           GROUP BY y.article_id, y.slot) z
         GROUP BY z.article_id`,
      params: alts.flatMap((a) => [
        a.lang,
        a.slot,
        a.form,
        Buffer.from(a.term, 'utf8'),
        a.w,
        a.phrase?.id ?? -1,
        a.phrase?.part ?? 0,
        a.phrase?.parts ?? 1,
      ]),
    };
  }

  /**
   * The best-weighted `perTerm` postings of each term (title before headings before body, the
   * newest article first among equals), read by the index in that order; and whether a term
   * has more.
   */
  private async postings(
    siteId: SiteId | number,
    lang: string,
    keys: { form: number; term: string }[],
    perTerm: number,
  ): Promise<{ postings: Posting[]; cut: boolean }> {
    const sql = keys
      .map(
        (_, i) =>
          `(SELECT ${i} AS k, article_id, weight FROM search_terms
            WHERE site_id = ? AND lang = ? AND form = ? AND term = ?
            ORDER BY weight DESC, article_id DESC LIMIT ${perTerm})`,
      )
      .join(' UNION ALL ');
    const rows = (await this.db.query(
      sql,
      keys.flatMap((k) => [siteId, lang, k.form, Buffer.from(k.term, 'utf8')]),
    )) as { k: number | string; article_id: number | string; weight: number | string }[];
    const counts = new Array<number>(keys.length).fill(0);
    const postings = rows.map((r) => {
      counts[Number(r.k)]++;
      return { key: Number(r.k), article: Number(r.article_id), weight: Number(r.weight) };
    });
    return { postings, cut: counts.some((n) => n >= perTerm) };
  }

  /**
   * The postings of the query words the given articles lack, read by article (bounded by them):
   * per word, its terms for the articles without it.
   */
  private async postingsOf(
    siteId: SiteId | number,
    lang: string,
    keys: { form: number; term: string }[],
    uses: Alternative[][],
    lacking: Map<number, number[]>,
  ): Promise<Posting[]> {
    const index = new Map(keys.map((k, i) => [`${k.form} ${k.term}`, i]));
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const [slot, articles] of lacking) {
      const terms = keys.filter((_, i) => uses[i].some((a) => a.slot === slot));
      parts.push(
        `SELECT article_id, form, term, weight FROM search_terms FORCE INDEX (ix_search_terms_article)
         WHERE article_id IN (?) AND lang = ? AND site_id = ?
           AND (form, term) IN (${terms.map(() => '(?, ?)').join(', ')})`,
      );
      params.push(
        articles,
        lang,
        siteId,
        ...terms.flatMap((k) => [k.form, Buffer.from(k.term, 'utf8')]),
      );
    }
    const rows = (await this.db.query(parts.join(' UNION ALL '), params)) as {
      article_id: number | string;
      form: number | string;
      term: unknown;
      weight: number;
    }[];
    return rows.map((r) => ({
      key: index.get(`${Number(r.form)} ${bufferText(r.term)}`) ?? -1,
      article: Number(r.article_id),
      weight: Number(r.weight),
    }));
  }

  private async rank(
    siteId: SiteId | number,
    req: SearchRequest,
    alternatives: Alternative[],
    slots: number,
  ): Promise<number[]> {
    const { keys, uses } = termKeys(alternatives);
    // an article matching fewer words than half the query is no answer
    const need = Math.ceil(slots / 2);
    for (const perTerm of this.postingsPerTerm) {
      const read = await this.postings(siteId, req.lang, keys, perTerm);
      let ranked = standings(uses, read.postings);
      const complete = ranked.filter((s) => s.matched === slots).length;
      if (read.cut && slots > 1 && complete < req.max * 2) {
        // A term's best postings need not hold the articles that have the query's other words
        // too: those of the best candidates are read for them (by article, bounded).
        const lacking = new Map<number, number[]>();
        for (const s of ranked.filter((r) => r.matched < slots).slice(0, FILL)) {
          for (let slot = 0; slot < slots; slot++) {
            if (s.slots.has(slot)) continue;
            lacking.set(slot, [...(lacking.get(slot) ?? []), s.id]);
          }
        }
        if (lacking.size) {
          const more = await this.postingsOf(siteId, req.lang, keys, uses, lacking);
          ranked = standings(uses, [...read.postings, ...more]);
        }
      }
      const candidates = ranked.filter((s) => s.matched >= need).slice(0, CANDIDATES);
      // none, or too few visible, while a term had more postings: read more of them (once)
      const order = candidates.length ? await this.visible(siteId, req, candidates) : [];
      if (order.length >= req.max || !read.cut || perTerm === this.postingsPerTerm.at(-1)) {
        return order.slice(0, req.max).map((o) => o.id);
      }
    }
    return [];
  }

  /** The candidates an anonymous reader could find (spec 4.4), ranked with views and freshness. */
  private async visible(
    siteId: SiteId | number,
    req: SearchRequest,
    candidates: Standing[],
  ): Promise<Standing[]> {
    const english = req.requireEnglish
      ? `AND EXISTS (SELECT 1 FROM article_translations e
           WHERE e.article_id = a.id AND e.lang = 'en' AND e.released = 1)`
      : '';
    const rows = (await this.db.query(
      `SELECT a.id, COALESCE(s.views, 0) AS views, a.updated_at
       FROM articles a
       JOIN article_translations t ON t.article_id = a.id AND t.lang = ? AND t.released = 1
       LEFT JOIN article_stats s ON s.article_id = a.id
       WHERE a.site_id = ? AND a.id IN (?) AND a.published = 1 AND a.visibility = 'public'
         AND a.deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM article_categories ac JOIN categories c ON c.id = ac.category_id
           WHERE ac.article_id = a.id AND c.privacy <> 'public')
         ${english}`,
      [req.lang, siteId, candidates.map((r) => r.id)],
    )) as { id: number; views: number | string; updated_at: Date }[];
    const seen = new Map(
      rows.map((v) => [
        Number(v.id),
        { views: Number(v.views), at: new Date(v.updated_at).getTime() },
      ]),
    );
    return candidates
      .filter((c) => seen.has(c.id))
      .sort((a, b) => {
        const x = seen.get(a.id)!;
        const y = seen.get(b.id)!;
        return (
          b.matched - a.matched ||
          b.score - a.score ||
          y.views - x.views ||
          y.at - x.at ||
          b.id - a.id
        );
      });
  }
}

/**
 * Reads of the words that may be the spelling of `word` (`k` marks its rows), made only when the
 * site does not have the word (as typed, or for the last word as a prefix): at most FUZZY_SCAN
 * words of the same first letter and a length within the edits, and the few words a typing
 * mistake in the first letter hides (`firstLetterTypos`).
 */
function spellingReads(
  word: QueryWord,
  siteId: SiteId | number,
  lang: string,
  k: number,
  parts: string[],
  params: unknown[],
): void {
  const length = Array.from(word.term).length;
  const typos = firstLetterTypos(word.term);
  const unknown = `NOT EXISTS (SELECT 1 FROM search_vocabulary v WHERE v.site_id = ? AND v.lang = ?
    AND v.term ${word.prefix ? 'LIKE' : '='} ?)`;
  const guard = [siteId, lang, word.prefix ? likePrefix(word.term) : word.term];
  parts.push(
    `(SELECT ${k}, term, NULL FROM search_vocabulary WHERE site_id = ? AND lang = ? AND term LIKE ?
      AND CHAR_LENGTH(CONVERT(term USING utf8mb4)) BETWEEN ? AND ? AND ${unknown} LIMIT ${FUZZY_SCAN})`,
    `(SELECT ${k}, term, NULL FROM search_vocabulary WHERE site_id = ? AND lang = ? AND tail IN (?)
      AND ${unknown} LIMIT ${FUZZY_SCAN})`,
    `(SELECT ${k}, term, NULL FROM search_vocabulary WHERE site_id = ? AND lang = ? AND term IN (?)
      AND ${unknown})`,
  );
  params.push(
    siteId,
    lang,
    likePrefix(Array.from(word.term)[0]),
    length - word.edits,
    length + word.edits,
    ...guard,
    siteId,
    lang,
    typos.tails,
    ...guard,
    siteId,
    lang,
    typos.terms,
    ...guard,
  );
}

/** The closest FUZZY_KEEP of `terms` within the word's edits, fewest edits first. */
function closest(word: QueryWord, terms: string[]): { term: string; edits: number }[] {
  const near = new Map<string, number>();
  for (const term of terms) {
    if (term === word.term) continue;
    const d = editDistance(word.term, term, word.edits);
    if (d <= word.edits) near.set(term, d);
  }
  return [...near]
    .map(([term, edits]) => ({ term, edits }))
    .sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
    .slice(0, FUZZY_KEEP);
}

/**
 * At most ALTERNATIVES_MAX distinct terms, the ways that count most first (each word's exact
 * and stemmed terms always fit: 8 words × 2).
 */
function bounded(alternatives: Alternative[]): Alternative[] {
  const order = [...alternatives].sort((a, b) => b.w - a.w);
  const terms = new Set<string>();
  const kept = new Set<Alternative>();
  for (const a of order) {
    const k = `${a.form} ${a.term}`;
    if (!terms.has(k) && terms.size >= ALTERNATIVES_MAX) continue;
    terms.add(k);
    kept.add(a);
  }
  return alternatives.filter((a) => kept.has(a));
}

/** The site's synonym groups in a language (each a list of words, as stored: folded). */
export async function readSynonyms(
  db: Queryable,
  siteId: SiteId,
  lang: string,
): Promise<string[][]> {
  const rows = (await db.query(
    'SELECT group_no, term FROM search_synonyms WHERE site_id = ? AND lang = ? ORDER BY group_no, term',
    [siteId, lang],
  )) as { group_no: number; term: unknown }[];
  const groups = new Map<number, string[]>();
  for (const r of rows)
    groups.set(r.group_no, [...(groups.get(r.group_no) ?? []), bufferText(r.term)]);
  return [...groups.values()];
}

/** Replaces the site's synonym groups in a language (words folded here). */
export async function writeSynonyms(
  db: Queryable,
  siteId: SiteId | number,
  lang: string,
  groups: string[][],
): Promise<void> {
  await db.query('DELETE FROM search_synonyms WHERE site_id = ? AND lang = ?', [siteId, lang]);
  const rows = groups.flatMap((g, i) =>
    [...new Set(g.map((w) => fold(w.trim())).filter(Boolean))].map((term) => [
      siteId,
      lang,
      i,
      term,
    ]),
  );
  await insertRows(db, 'INSERT IGNORE INTO search_synonyms (site_id, lang, group_no, term)', rows);
}
