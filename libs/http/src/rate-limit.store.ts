import Redis from 'ioredis';

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

// INCR and set the expiry on the first hit, atomically; returns count and remaining ms.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'hc:rl:',
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
  }

  async hit(key: string, windowSeconds: number): Promise<HitResult> {
    const [count, ttl] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.prefix + key,
      String(windowSeconds * 1000),
    )) as [number, number];
    return { count, resetInSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string): Promise<number> {
    const v = await this.redis.get(this.prefix + key);
    return v ? Number(v) : 0;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
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
