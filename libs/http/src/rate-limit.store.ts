import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedis } from '@hc/data';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { rateLimitDegraded, rateLimitFallbacks } from './metrics';

export interface HitResult {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window resets. */
  resetInSeconds: number;
}

/** Fixed-window counters; in-process by default, Redis when HC_REDIS_URL is set (spec 8). */
export interface RateLimitStore {
  hit(key: string, windowSeconds: number): Promise<HitResult>;
  /** Reads without counting. */
  peek(key: string): Promise<number>;
  /** Null when healthy; else why counters are per-process (a readiness detail, not a failure). */
  degraded?(): string | null;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private sweeps = 0;

  async hit(key: string, windowSeconds: number): Promise<HitResult> {
    const now = Date.now();
    if (++this.sweeps % 10_000 === 0) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetInSeconds: Math.ceil((w.resetAt - now) / 1000) };
  }

  async peek(key: string): Promise<number> {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? w.count : 0;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** Counters never refuse by themselves: the guard compares the count with each limit. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/**
 * Shared counters in Redis (rate-limiter-flexible's fixed windows). When Redis is configured but
 * unreachable, each decision falls back to per-process counters (its insurance limiter) with a
 * warning, a metric and a `degraded` readiness detail, instead of failing the request (issue 18).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  /** One key per counter whatever its window (each call says its window: customDuration). */
  private readonly limiter: RateLimiterRedis;
  private readonly logger = new Logger('rate-limits');
  private wasDegraded = false;

  constructor(url: string, prefix = 'hc:rl:') {
    this.redis = createRedis(url, {
      // Fail fast while disconnected, so the insurance counters answer at once.
      enableOfflineQueue: false,
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    // Connection errors are reported through the degraded state, not as unhandled events.
    this.redis.on('error', () => this.noteHealth());
    this.redis.on('ready', () => this.noteHealth());
    this.limiter = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: prefix.replace(/:$/, ''),
      points: UNBOUNDED,
      duration: 60,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points: UNBOUNDED, duration: 60 }),
    });
  }

  /** Null while Redis answers; otherwise why the counters are per-process. */
  degraded(): string | null {
    return this.redis.status === 'ready' ? null : `redis ${this.redis.status}`;
  }

  private noteHealth(): void {
    const degraded = this.degraded() !== null;
    if (degraded === this.wasDegraded) return;
    this.wasDegraded = degraded;
    rateLimitDegraded.set(degraded ? 1 : 0);
    if (degraded) {
      this.logger.warn(
        'Redis is unreachable: rate limits use per-process counters until it is back',
      );
    } else this.logger.log('Redis is back: rate limits are shared again');
  }

  async hit(key: string, windowSeconds: number): Promise<HitResult> {
    if (this.degraded()) {
      this.noteHealth();
      rateLimitFallbacks.inc();
    }
    const res = await this.limiter.consume(key, 1, { customDuration: windowSeconds });
    return {
      count: res.consumedPoints,
      resetInSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }

  async peek(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    return res?.consumedPoints ?? 0;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Redis counters are namespaced by database name: replicas of one deployment share a budget,
 * while two deployments (or test databases) on one Redis never count each other's requests.
 */
export function createRateLimitStore(redisUrl: string | null, databaseUrl: string): RateLimitStore {
  if (!redisUrl) return new MemoryRateLimitStore();
  const database = new URL(databaseUrl).pathname.replace(/^\//, '') || 'default';
  return new RedisRateLimitStore(redisUrl, `hc:rl:${database}:`);
}
