import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { settings } from '@hc/contracts';
import { addressKey, RATE_LIMIT_STORE, type RateLimitStore, rateLimitRefusals } from '@hc/http';
import { h } from '../render/html';
import { plainPage } from '../render/page';
import { send } from '../site/gate.service';

const WINDOW_SECONDS = 60;

/**
 * Issue 34: what an anonymous client can make the reader site do is bounded. Every reader GET
 * the page cache does not answer (a page rendered, an agent document built, a search) counts
 * against its address's budget, `HC_READER_RENDER_BUDGET` a minute; IPv6 counts by /64 and the
 * address is the one Express judged under `HC_TRUST_PROXY` (a CDN or the gateway in front names
 * the reader, members included). Past the budget a plain 429 page with `Retry-After`; cached
 * pages are still served. Counters are the shared rate-limit store (Redis with `HC_REDIS_URL`).
 */
@Injectable()
export class RenderBudget {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  /** Counts one miss; false when the budget is spent (the 429 page has been sent). */
  admit(req: Request, res: Response): Promise<boolean> {
    return this.count(req, res, 'reader-render', settings().values.HC_READER_RENDER_BUDGET);
  }

  /**
   * Issue 40: instant search (a request per pause in typing) has its own allowance,
   * `HC_READER_INSTANT_BUDGET` a minute, so typing never spends the budget pages are read with.
   */
  admitInstant(req: Request, res: Response): Promise<boolean> {
    return this.count(req, res, 'reader-instant', settings().values.HC_READER_INSTANT_BUDGET);
  }

  private async count(req: Request, res: Response, limit: string, budget: number) {
    const key = `${limit}:${addressKey(req.ip)}`;
    const { count, resetInSeconds } = await this.store.hit(key, WINDOW_SECONDS);
    if (count <= budget) return true;
    rateLimitRefusals.inc({ limit });
    res.setHeader('Retry-After', String(Math.max(1, resetInSeconds)));
    send(
      res,
      429,
      plainPage({
        lang: 'en',
        title: 'Too many requests',
        siteName: 'Help Center',
        body: h(
          'h1',
          {},
          `Too many requests from your network. Try again in ${Math.max(1, resetInSeconds)} seconds.`,
        ),
      }),
    );
    return false;
  }
}
