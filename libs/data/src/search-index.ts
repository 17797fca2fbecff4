import type { SiteId } from '@hc/contracts';
import {
  documentTerms,
  editDistance,
  fold,
  FORM_STEM,
  FORM_WORD,
  headingsText,
  queryWords,
  tokenize,
} from '@hc/content';
import type { Highlight, QueryWord } from '@hc/content';

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
/** Completions of the last word, as typed (prefix matching). */
const PREFIX_KEEP = 24;
/** Ranked candidates read before visibility; widened once when too few are visible. */
const CANDIDATES = [200, 5000];
const INSERT_ROWS = 500;

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
  const terms: unknown[][] = [];
  const words: unknown[][] = [];
  for (const { siteId, articleId, lang, text } of list) {
    if (!options.fresh) await unindexTranslation(db, siteId, articleId, lang);
    for (const t of documentTerms(lang, {
      title: text.title,
      headings: headingsText(text.content),
      body: text.searchText,
    })) {
      terms.push([siteId, lang, t.form, t.term, articleId, t.weight]);
      if (t.form === FORM_WORD && Array.from(t.term).length >= VOCABULARY_MIN) {
        words.push([siteId, lang, t.term]);
      }
    }
  }
  await insertRows(
    db,
    'INSERT INTO search_terms (site_id, lang, form, term, article_id, weight)',
    terms.sort(byKey(5)),
  );
  await insertRows(
    db,
    'INSERT IGNORE INTO search_vocabulary (site_id, lang, term)',
    words.sort(byKey(3)),
  );
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

async function insertRows(db: Queryable, head: string, rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const part = rows.slice(i, i + INSERT_ROWS);
    const one = `(${part[0].map(() => '?').join(', ')})`;
    await db.query(`${head} VALUES ${part.map(() => one).join(', ')}`, part.flat());
  }
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

/** Indexes every stored translation (the migration that created the index; operators' repair). */
export async function reindexTranslations(db: Queryable, batch = 200): Promise<number> {
  let after = { id: 0, lang: '' };
  let done = 0;
  for (;;) {
    const rows = (await db.query(
      `SELECT article_id, lang, site_id, title, content, search_text FROM article_translations
       WHERE (article_id, lang) > (?, ?) ORDER BY article_id, lang LIMIT ?`,
      [after.id, after.lang, batch],
    )) as {
      article_id: number;
      lang: string;
      site_id: number;
      title: string;
      content: string;
      search_text: string;
    }[];
    if (!rows.length) return done;
    await indexTranslations(
      db,
      rows.map((r) => ({
        siteId: r.site_id,
        articleId: r.article_id,
        lang: r.lang,
        text: { title: r.title, content: r.content, searchText: r.search_text },
      })),
    );
    done += rows.length;
    after = { id: rows[rows.length - 1].article_id, lang: rows[rows.length - 1].lang };
  }
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

type Alternative = { lang: string; slot: number; form: number; term: string; w: number };

/** The term and its weight per way of matching, per query word. */
function bufferText(v: unknown): string {
  return Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
}

/**
 * Spec 4.4 search through the term index: only what an anonymous reader could find, at most
 * `max`, ranked by words matched, then match quality × field weight, then views and freshness.
 */
export class ArticleSearch {
  constructor(private readonly db: Queryable) {}

  async search(siteId: SiteId | number, req: SearchRequest): Promise<SearchResult> {
    const words = queryWords(req.text, req.lang);
    const highlight: Highlight = { words: [], stems: [] };
    if (!words.length) return { ids: [], corrected: null, highlight };
    const { alternatives, corrected } = await this.alternatives(siteId, req.lang, words);
    const ids = await this.rank(siteId, req, alternatives, words.length);
    for (const a of alternatives)
      (a.form === FORM_WORD ? highlight.words : highlight.stems).push(a.term);
    return { ids, corrected, highlight };
  }

  /**
   * Issue 37's team search through the same matching: every status (drafts, the Trash, private
   * and link-only articles, unreleased translations) in `langs`, live before trashed, best first,
   * one page of ids and the total; no cap.
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
      if (words.length) all.push(...(await this.alternatives(siteId, lang, words)).alternatives);
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

  /** Every way each query word may match in `lang`, and the corrected query when one is misspelled. */
  private async alternatives(
    siteId: SiteId | number,
    lang: string,
    words: QueryWord[],
  ): Promise<{ alternatives: Alternative[]; corrected: string | null }> {
    const alternatives: Alternative[] = [];
    const synonyms = await this.synonymsOf(siteId, lang, words);
    const spellings: string[] = [];
    for (const [slot, word] of words.entries()) {
      const add = (form: number, term: string, w: number) =>
        alternatives.push({ lang, slot, form, term, w });
      add(FORM_WORD, word.term, MATCH.exact);
      add(FORM_STEM, word.stem ?? word.term, MATCH.stem);
      // A synonym of several words ("sign in") matches by any of its words.
      for (const s of synonyms.get(word.term) ?? []) {
        for (const t of tokenize(s, lang)) {
          add(FORM_WORD, t.term, MATCH.synonym);
          if (t.stem) add(FORM_STEM, t.stem, MATCH.synonym);
        }
      }
      const near = await this.near(siteId, lang, word);
      for (const n of near.prefix) add(FORM_WORD, n, MATCH.prefix);
      for (const f of near.fuzzy)
        add(FORM_WORD, f.term, f.edits === 1 ? MATCH.fuzzy1 : MATCH.fuzzy2);
      spellings.push(near.known || !near.fuzzy.length ? word.text : near.fuzzy[0].term);
    }
    const corrected = spellings.some((s, i) => s !== words[i].text) ? spellings.join(' ') : null;
    return { alternatives, corrected };
  }

  /**
   * The statement ranking a site's articles by the alternatives: per article the words matched
   * and the sum over words of the best match × field weight (`article_id`, `matched`, `score`);
   * takes the site id after `params`.
   */
  private rankedSql(alternatives: Alternative[]): { sql: string; params: unknown[] } {
    const unique = new Map<string, Alternative>();
    for (const a of alternatives) {
      const key = `${a.lang} ${a.slot} ${a.form} ${a.term}`;
      const had = unique.get(key);
      if (!had || had.w < a.w) unique.set(key, a);
    }
    const alts = [...unique.values()];
    const table = alts
      .map(() => 'SELECT ? AS lang, ? AS slot, ? AS form, ? AS term, ? AS w')
      .join(' UNION ALL ');
    return {
      sql: `SELECT x.article_id, COUNT(*) AS matched, SUM(x.s) AS score FROM (
           SELECT p.article_id, q.slot, MAX(p.weight * q.w) AS s
           FROM (${table}) q
           JOIN search_terms p ON p.site_id = ? AND p.lang = q.lang AND p.form = q.form AND p.term = q.term
           GROUP BY p.article_id, q.slot) x
         GROUP BY x.article_id`,
      params: alts.flatMap((a) => [a.lang, a.slot, a.form, Buffer.from(a.term, 'utf8'), a.w]),
    };
  }

  /** The site's synonyms of the query's words, by word. */
  private async synonymsOf(
    siteId: SiteId | number,
    lang: string,
    words: QueryWord[],
  ): Promise<Map<string, string[]>> {
    const rows = (await this.db.query(
      `SELECT q.term AS word, s.term AS synonym FROM search_synonyms q
       JOIN search_synonyms s ON s.site_id = q.site_id AND s.lang = q.lang AND s.group_no = q.group_no
       WHERE q.site_id = ? AND q.lang = ? AND q.term IN (?) AND s.term <> q.term`,
      [siteId, lang, words.map((w) => w.term)],
    )) as { word: unknown; synonym: unknown }[];
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const word = bufferText(r.word);
      out.set(word, [...(out.get(word) ?? []), bufferText(r.synonym)]);
    }
    return out;
  }

  /**
   * The site's words near a query word: completions of the last word (as typed), and spellings
   * within the word's edits (same first letter, bounded reads and candidates).
   */
  private async near(
    siteId: SiteId | number,
    lang: string,
    word: QueryWord,
  ): Promise<{ prefix: string[]; fuzzy: { term: string; edits: number }[]; known: boolean }> {
    const prefix: string[] = [];
    const fuzzy: { term: string; edits: number }[] = [];
    let known = false;
    if (word.prefix) {
      const rows = (await this.db.query(
        `SELECT term FROM search_vocabulary WHERE site_id = ? AND lang = ? AND term LIKE ?
         ORDER BY CHAR_LENGTH(term), term LIMIT ?`,
        [siteId, lang, `${word.term.replace(/[\\%_]/g, '\\$&')}%`, PREFIX_KEEP],
      )) as { term: unknown }[];
      for (const r of rows) prefix.push(bufferText(r.term));
      if (prefix.length) known = true;
    }
    if (word.edits > 0) {
      const length = Array.from(word.term).length;
      const first = Array.from(word.term)[0];
      const rows = (await this.db.query(
        `SELECT term FROM search_vocabulary WHERE site_id = ? AND lang = ? AND term LIKE ?
           AND CHAR_LENGTH(term) BETWEEN ? AND ? LIMIT ?`,
        [
          siteId,
          lang,
          `${first.replace(/[\\%_]/g, '\\$&')}%`,
          length - word.edits,
          length + word.edits,
          FUZZY_SCAN,
        ],
      )) as { term: unknown }[];
      for (const r of rows) {
        const term = bufferText(r.term);
        if (term === word.term) {
          known = true;
          continue;
        }
        const d = editDistance(word.term, term, word.edits);
        if (d <= word.edits) fuzzy.push({ term, edits: d });
      }
      fuzzy.sort((a, b) => a.edits - b.edits || a.term.localeCompare(b.term));
      fuzzy.splice(FUZZY_KEEP);
    } else known = true;
    return { prefix, fuzzy, known };
  }

  private async rank(
    siteId: SiteId | number,
    req: SearchRequest,
    alternatives: Alternative[],
    slots: number,
  ): Promise<number[]> {
    const ranked = this.rankedSql(alternatives);
    const english = req.requireEnglish
      ? `AND EXISTS (SELECT 1 FROM article_translations e
           WHERE e.article_id = a.id AND e.lang = 'en' AND e.released = 1)`
      : '';
    for (const limit of CANDIDATES) {
      const top = (await this.db.query(
        `${ranked.sql} ORDER BY matched DESC, score DESC, x.article_id DESC LIMIT ?`,
        [...ranked.params, siteId, limit],
      )) as { article_id: number; matched: number | string; score: number | string }[];
      const candidates = top.map((r) => ({ ...r, id: Number(r.article_id) }));
      if (!candidates.length) return [];
      const visible = (await this.db.query(
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
      const seen = new Map(visible.map((v) => [Number(v.id), v]));
      const order = candidates
        .filter((r) => seen.has(Number(r.id)))
        .map((r) => {
          const v = seen.get(Number(r.id))!;
          return {
            id: Number(r.id),
            matched: Number(r.matched),
            score: Number(r.score),
            views: Number(v.views),
            at: new Date(v.updated_at).getTime(),
          };
        })
        .sort(
          (a, b) =>
            b.matched - a.matched ||
            b.score - a.score ||
            b.views - a.views ||
            b.at - a.at ||
            b.id - a.id,
        );
      if (order.length >= req.max || candidates.length < limit || limit === CANDIDATES[1]) {
        // an article matching fewer words than half the query is no answer
        const need = Math.ceil(slots / 2);
        return order
          .filter((o) => o.matched >= need)
          .slice(0, req.max)
          .map((o) => o.id);
      }
    }
    return [];
  }
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
