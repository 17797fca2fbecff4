import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import { createRedis, databaseOf, readerPagesChannel } from '@hc/data';
import { ReaderSite, SiteRepository } from './site.repository';

/** How long a site is answered from memory at most, even with no announcement (a lost publish). */
export const SITE_MEMO_MS = 5_000;
const SITE_MEMO_MAX = 10_000;
/** The feed is pinged this often; no answer within the same time and it counts as down. */
const HEARTBEAT_MS = 2_000;

/**
 * Host → site lookups (with the site's reader-page version) answered from memory while it is safe
 * (issue #28, docs/caching.md): a cached page then costs no SQL at all. Safe means subscribed to
 * the database's reader-pages channel, on which every write that moves a site's version
 * (`touchReaderPages`, content-api, design-service and this app) announces it after its COMMIT
 * and before it answers. An announcement forgets the site here; a lookup that overlapped one
 * (or a change of the feed) is used for its request but not kept, so a version read before a
 * write can never outlive the write's announcement.
 *
 * Without `HC_REDIS_URL`, before the subscription is confirmed, and from the moment the
 * connection drops (or misses a heartbeat) until it is subscribed again, nothing is kept and every
 * request reads the site as before. A publish lost while the feed stays up (a writer killed
 * between its COMMIT and its publish) shows within `SITE_MEMO_MS`.
 */
@Injectable()
export class SiteDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly memo = new Map<string, { site: ReaderSite; until: number }>();
  private readonly keysOf = new Map<number, Set<string>>();
  private readonly logger = new Logger('reader-pages-feed');
  private client: Redis | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private subscribed = false;
  /** Moves with every announcement and every change of the feed's state. */
  private epoch = 0;

  constructor(
    private readonly sites: SiteRepository,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  /** Whether sites are answered from memory now (the subscription is confirmed up). */
  get live(): boolean {
    return this.subscribed;
  }

  bySubdomain(subdomain: string): Promise<ReaderSite | null> {
    return this.lookup(`s ${subdomain.toLowerCase()}`, () => this.sites.bySubdomain(subdomain));
  }

  byDomain(host: string): Promise<ReaderSite | null> {
    return this.lookup(`d ${host.toLowerCase()}`, () => this.sites.byDomain(host));
  }

  /** Whether a host is a site's own domain (production, `HC_READER_DOMAIN` set). */
  async knowsDomain(host: string): Promise<boolean> {
    return Boolean(settings().readerDomain) && (await this.byDomain(host)) !== null;
  }

  private async lookup(
    key: string,
    load: () => Promise<ReaderSite | null>,
  ): Promise<ReaderSite | null> {
    if (this.subscribed) {
      const kept = this.memo.get(key);
      if (kept && kept.until > Date.now()) return kept.site;
    }
    const epoch = this.epoch;
    const site = await load();
    // Kept only when nothing was announced (and the feed did not change) while it was read.
    if (site && this.subscribed && epoch === this.epoch) this.keep(key, site);
    return site;
  }

  private keep(key: string, site: ReaderSite): void {
    if (this.memo.size >= SITE_MEMO_MAX) this.clear();
    this.memo.set(key, { site, until: Date.now() + SITE_MEMO_MS });
    const keys = this.keysOf.get(site.id) ?? new Set<string>();
    keys.add(key);
    this.keysOf.set(site.id, keys);
  }

  /** An announcement: the site's pages (or its row) changed. */
  private forget(siteId: number): void {
    this.epoch++;
    for (const key of this.keysOf.get(siteId) ?? []) this.memo.delete(key);
    this.keysOf.delete(siteId);
  }

  private clear(): void {
    this.memo.clear();
    this.keysOf.clear();
  }

  private down(): void {
    this.epoch++;
    this.subscribed = false;
    this.clear();
  }

  onModuleInit(): void {
    const url = settings().redisUrl;
    if (!url) return;
    const channel = readerPagesChannel(databaseOf(this.ds));
    // Subscribes itself on every (re)connection, so it knows when the subscription is confirmed.
    const client = createRedis(url, {
      autoResubscribe: false,
      maxRetriesPerRequest: null,
      enableOfflineQueue: false,
    });
    this.client = client;
    client.on('error', (err: Error) => this.logger.warn(`redis: ${err.message}`));
    for (const event of ['close', 'end', 'reconnecting'])
      client.on(event, () => {
        if (this.subscribed) this.logger.warn('feed down: sites are read per request');
        this.down();
      });
    client.on('ready', () => {
      client.subscribe(channel).then(
        () => {
          this.clear();
          this.epoch++;
          this.subscribed = true;
        },
        (err: Error) => {
          this.logger.warn(`subscribe: ${err.message}`);
          if (this.client === client) client.disconnect(true);
        },
      );
    });
    client.on('message', (_channel: string, message: string) => {
      const siteId = Number(message.split(' ')[0]);
      if (Number.isFinite(siteId)) return this.forget(siteId);
      // An announcement not understood: forget every site.
      this.epoch++;
      this.clear();
    });
    // A connection that silently stopped delivering (no close seen) is caught by its heartbeat.
    this.heartbeat = setInterval(() => {
      if (!this.subscribed) return;
      const silent = setTimeout(() => {
        if (this.client !== client || !this.subscribed) return;
        this.down();
        client.disconnect(true);
      }, HEARTBEAT_MS);
      silent.unref();
      client.ping().then(
        () => clearTimeout(silent),
        // Refused: the connection is already closing, which its own events report.
        () => clearTimeout(silent),
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    this.down();
    await client?.quit().catch(() => client.disconnect());
  }
}
