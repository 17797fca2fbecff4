import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
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
    else searches.push(e.s);
  }
  await writeViews(ds, views);
  await writeSearches(ds, searches);
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
 */
export class ActivityBuffer {
  private memory: Entry[] = [];
  private readonly redis: Redis | null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly logger = new Logger('activity');
  private readonly owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  /** Keys per database: replicas of one deployment share them, other databases never do. */
  private readonly queue: string;
  private readonly lock: string;

  constructor(
    private readonly ds: DataSource,
    redisUrl: string | null,
    private readonly intervalMs = 1000,
  ) {
    this.redis = redisUrl
      ? new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
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

  async view(v: ViewRecord): Promise<void> {
    await this.add({ kind: 'view', v });
  }

  async search(s: SearchRecord): Promise<void> {
    await this.add({ kind: 'search', s });
  }

  private async add(entry: Entry): Promise<void> {
    if (this.redis) await this.redis.rpush(this.queue, JSON.stringify(entry));
    else this.memory.push(entry);
  }

  /** Writes everything buffered so far (one flush at a time per process). */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async drain(): Promise<void> {
    if (!this.redis) {
      while (this.memory.length > 0) {
        const batch = this.memory.splice(0, BATCH);
        try {
          await writeEntries(this.ds, batch);
        } catch (err) {
          this.memory.unshift(...batch);
          throw err;
        }
      }
      return;
    }
    for (;;) {
      const locked = await this.redis.set(this.lock, this.owner, 'PX', 30_000, 'NX');
      if (locked !== 'OK') {
        // Another replica is writing: wait for it, so a flush that returns has seen the queue empty.
        if ((await this.redis.llen(this.queue)) === 0) return;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      try {
        for (;;) {
          const raw = await this.redis.lrange(this.queue, 0, BATCH - 1);
          if (raw.length === 0) return;
          await writeEntries(
            this.ds,
            raw.map((r) => JSON.parse(r) as Entry),
          );
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
