import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedis } from './redis-client';
import { Counter, register } from 'prom-client';
import { TypeORMError } from 'typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import { bumpArticleCounter } from './article-stats.repository';

/** One reader's view of an article (one per reader, article and UTC day counts, spec 4.10). */
export interface ViewRecord {
  siteId: SiteId;
  articleId: number;
  lang: string;
  readerKey: string;
  /** When it happened (ms since the epoch): its day and `created_at`, however late it is written. */
  at: number;
}

/** One search of a reader. */
export interface SearchRecord {
  siteId: SiteId;
  lang: string;
  query: string;
  normalizedQuery: string;
  resultsCount: number;
  readerKey: string;
  at: number;
}

type Entry = { kind: 'view'; v: ViewRecord } | { kind: 'search'; s: SearchRecord };

/** Entries written per statement batch. */
const BATCH = 1000;

/**
 * At most this many entries wait in the buffer (this process's memory, or the shared Redis
 * list): beyond it a new view or search is dropped and counted (`hc_activity_dropped_total`), so
 * a database that stays away cannot make the buffer grow without end (about 400 bytes each).
 */
export const ACTIVITY_BUFFER_MAX = 100_000;

/** The length of reader_searches' `query` and `normalized_query` (VARCHAR(190), characters). */
export const SEARCH_QUERY_MAX = 190;

const dropped = once(
  'hc_activity_dropped_total',
  () =>
    new Counter({
      name: 'hc_activity_dropped_total',
      help: 'Reader views and searches dropped because the activity buffer was full',
      labelNames: ['kind'] as const,
    }),
);

const deadLetters = once(
  'hc_activity_dead_letters_total',
  () =>
    new Counter({
      name: 'hc_activity_dead_letters_total',
      help: 'Buffered reader views and searches the database refused on their own, logged and dropped',
      labelNames: ['kind'] as const,
    }),
);

function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** The first `max` code points of a text (a column's length counts characters, not UTF-16 units). */
function codePoints(text: string, max: number): string {
  let out = '';
  let n = 0;
  for (const ch of text) {
    if (n++ === max) break;
    out += ch;
  }
  return out;
}

/** What analytics groups searches by: lower case, inner whitespace collapsed. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A reader's search as reader_searches stores it: normalized first, then each text cut to the
 * column in code points (`'İ'.toLowerCase()` is two, so 190 × 'İ' normalizes to 380).
 */
export function searchTexts(query: string): { query: string; normalizedQuery: string } {
  return {
    query: codePoints(query, SEARCH_QUERY_MAX),
    normalizedQuery: codePoints(normalizeQuery(query), SEARCH_QUERY_MAX).trimEnd(),
  };
}

/**
 * Writes views: per article one multi-row `INSERT IGNORE` (the unique key of reader_views keeps
 * one per reader, article and day, also when a batch is written twice) and the article's `views`
 * raised by the rows it really inserted, in one transaction.
 */
export async function writeViews(ds: DataSource, views: ViewRecord[]): Promise<void> {
  const byArticle = new Map<string, ViewRecord[]>();
  for (const v of views) {
    const key = `${v.siteId}:${v.articleId}`;
    const list = byArticle.get(key) ?? [];
    list.push(v);
    byArticle.set(key, list);
  }
  if (byArticle.size === 0) return;
  await ds.transaction(async (m: EntityManager) => {
    for (const list of byArticle.values()) {
      const rows = list.map((v) => {
        const at = new Date(v.at);
        return [v.siteId, v.articleId, v.lang, at.toISOString().slice(0, 10), v.readerKey, at];
      });
      const result = await m.query(
        'INSERT IGNORE INTO reader_views (site_id, article_id, lang, day, reader_key, created_at) VALUES ?',
        [rows],
      );
      const inserted = Number((result as { affectedRows?: number }).affectedRows ?? 0);
      if (inserted > 0)
        await bumpArticleCounter(m, list[0].siteId, list[0].articleId, 'views', inserted);
    }
  });
}

export async function writeSearches(ds: DataSource, searches: SearchRecord[]): Promise<void> {
  if (searches.length === 0) return;
  await ds.query(
    `INSERT INTO reader_searches (site_id, lang, query, normalized_query, results_count, reader_key, created_at)
     VALUES ?`,
    [
      searches.map((s) => [
        s.siteId,
        s.lang,
        s.query,
        s.normalizedQuery,
        s.resultsCount,
        s.readerKey,
        new Date(s.at),
      ]),
    ],
  );
}

async function writeEntries(ds: DataSource, entries: Entry[]): Promise<void> {
  const views: ViewRecord[] = [];
  const searches: SearchRecord[] = [];
  for (const e of entries) {
    if (e.kind === 'view') views.push(e.v);
    else if (e.kind === 'search') searches.push(e.s);
    else throw new TypeError('not a view or a search');
  }
  await writeViews(ds, views);
  await writeSearches(ds, searches);
}

/** MySQL errors that belong to the row, not to the connection or the moment (SQLSTATE 22, 23). */
const ROW_ERRNOS = new Set([
  1048, 1264, 1265, 1292, 1364, 1366, 1367, 1406, 1452, 1216, 3140, 4025,
]);

/**
 * Whether an entry failed because of what it holds (a value the column refuses, a shape that is
 * not a view or a search), so writing it again can never succeed. Connection losses, deadlocks,
 * lock waits, a read-only server or missing grants are not: the entry waits for the next flush.
 */
export function isBadRow(err: unknown): boolean {
  const e = err as { driverError?: unknown; errno?: unknown; sqlState?: unknown; code?: unknown };
  const d = (e?.driverError ?? e) as { errno?: unknown; sqlState?: unknown; code?: unknown };
  if (typeof d?.errno === 'number' && typeof d.sqlState === 'string') {
    return /^2[23]/.test(d.sqlState) || ROW_ERRNOS.has(d.errno);
  }
  // No database answer at all: a system error (ECONNREFUSED …) or TypeORM's own (not
  // connected …) waits; anything else (a TypeError on an entry of another shape) is the entry's.
  if (err instanceof TypeORMError) return false;
  return !(typeof d?.code === 'string' || typeof d?.errno === 'number');
}

function withDone(err: unknown, done: number): Error & { done: number } {
  return Object.assign(err instanceof Error ? err : new Error(String(err)), { done });
}

/** An entry read back from Redis, or the text itself when it is not JSON. */
function parseEntry(raw: string): Entry {
  try {
    return JSON.parse(raw) as Entry;
  } catch {
    return { kind: 'unreadable', raw } as unknown as Entry;
  }
}

/**
 * Views and searches without a write per request (issue #28): recorded into a buffer and written
 * in batches, each entry with its own time, every `intervalMs` and on `stop()`.
 *
 * Without Redis the buffer is this process's memory (written at least every second and at
 * shutdown; a process killed outright loses at most its last second). With `HC_REDIS_URL` it is
 * a Redis list every replica appends to: an entry is in Redis before the request that recorded it
 * answers, and one replica at a time (a lock with an expiry) writes the oldest entries and only
 * then removes them, so a replica that dies loses nothing (a batch written but not yet removed is
 * written again: views are idempotent by their unique key). `hc analytics rollup` drains it first.
 *
 * No entry can stop the others (issue 34 item 3): a batch the database refuses is written again
 * row by row; a row refused on its own (`isBadRow`) is a dead letter: logged with its content,
 * counted (`hc_activity_dead_letters_total`) and dropped, never tried again. The buffer holds at
 * most `ACTIVITY_BUFFER_MAX` entries; what arrives beyond is dropped and counted.
 */
export class ActivityBuffer {
  private memory: Entry[] = [];
  private readonly redis: Redis | null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;
  private readonly logger = new Logger('activity');
  private readonly owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  /** Keys per database: replicas of one deployment share them, other databases never do. */
  private readonly queue: string;
  private readonly lock: string;
  /** Entries this process dead-lettered since it started. */
  private deadLettered = 0;

  constructor(
    private readonly ds: DataSource,
    redisUrl: string | null,
    private readonly intervalMs = 1000,
    private readonly max = ACTIVITY_BUFFER_MAX,
  ) {
    this.redis = redisUrl
      ? createRedis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
      : null;
    this.redis?.on('error', (err) => this.logger.warn(`redis: ${err.message}`));
    const database = String((ds.options as { database?: string }).database ?? '');
    this.queue = `hc:activity:${database}:queue`;
    this.lock = `hc:activity:${database}:flush`;
  }

  /** Nest: the last entries are written before the data source closes (onApplicationShutdown). */
  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer, writes what is buffered and closes Redis. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch((err: Error) => this.logger.error(`final flush: ${err.message}`));
    await this.redis?.quit().catch(() => undefined);
  }

  /** Entries this buffer dead-lettered since it was made (`hc analytics rollup` reports them). */
  get deadLetters(): number {
    return this.deadLettered;
  }

  async view(v: ViewRecord): Promise<void> {
    await this.add({ kind: 'view', v });
  }

  async search(s: SearchRecord): Promise<void> {
    await this.add({ kind: 'search', s });
  }

  private async add(entry: Entry): Promise<void> {
    let kept: boolean;
    if (this.redis) {
      kept =
        (await this.redis.eval(
          "if redis.call('llen', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end redis.call('rpush', KEYS[1], ARGV[1]) return 1",
          1,
          this.queue,
          JSON.stringify(entry),
          this.max,
        )) === 1;
    } else {
      kept = this.memory.length < this.max;
      if (kept) this.memory.push(entry);
    }
    if (!kept) dropped.inc({ kind: entry.kind });
  }

  /** Writes everything buffered so far (one flush at a time per process). */
  flush(): Promise<number> {
    this.flushing ??= this.drain().finally(() => (this.flushing = null));
    return this.flushing;
  }

  /**
   * Writes a batch taken from the head of the buffer: at once, else row by row. Throws when the
   * database could not take an entry for a reason of the moment, with `done` on the error: how
   * many entries from the head are written or dead-lettered (the rest stays buffered).
   */
  private async write(batch: Entry[]): Promise<void> {
    try {
      await writeEntries(this.ds, batch);
      return;
    } catch (err) {
      if (!isBadRow(err)) throw withDone(err, 0);
    }
    for (let i = 0; i < batch.length; i++) {
      try {
        await writeEntries(this.ds, [batch[i]]);
      } catch (err) {
        if (!isBadRow(err)) throw withDone(err, i);
        this.deadLetter(batch[i], err);
      }
    }
  }

  private deadLetter(entry: Entry, err: unknown): void {
    const kind = entry?.kind === 'view' || entry?.kind === 'search' ? entry.kind : 'unreadable';
    deadLetters.inc({ kind });
    this.deadLettered++;
    const message = err instanceof Error ? err.message : String(err);
    this.logger.error(
      `dead letter: ${kind} dropped (${message.slice(0, 300)}): ${JSON.stringify(entry).slice(0, 2000)}`,
    );
  }

  /** Writes every entry buffered so far; returns how many of them it dead-lettered. */
  private async drain(): Promise<number> {
    const before = this.deadLettered;
    if (!this.redis) {
      while (this.memory.length > 0) {
        const batch = this.memory.splice(0, BATCH);
        try {
          await this.write(batch);
        } catch (err) {
          this.memory.unshift(...batch.slice((err as { done?: number }).done ?? 0));
          throw err;
        }
      }
      return this.deadLettered - before;
    }
    for (;;) {
      const locked = await this.redis.set(this.lock, this.owner, 'PX', 30_000, 'NX');
      if (locked !== 'OK') {
        // Another replica is writing: wait for it, so a flush that returns has seen the queue empty.
        if ((await this.redis.llen(this.queue)) === 0) return this.deadLettered - before;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      try {
        for (;;) {
          const raw = await this.redis.lrange(this.queue, 0, BATCH - 1);
          if (raw.length === 0) return this.deadLettered - before;
          try {
            await this.write(raw.map(parseEntry));
          } catch (err) {
            const done = (err as { done?: number }).done ?? 0;
            if (done > 0) await this.redis.ltrim(this.queue, done, -1);
            throw err;
          }
          await this.redis.ltrim(this.queue, raw.length, -1);
          await this.redis.pexpire(this.lock, 30_000);
        }
      } finally {
        await this.redis.eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
          1,
          this.lock,
          this.owner,
        );
      }
    }
  }
}
