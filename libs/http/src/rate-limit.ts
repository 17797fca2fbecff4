import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { tooManyAttempts } from '@hc/contracts';
import { COUNTS_AS_WRITE_KEY, type HcRequest } from '@hc/auth';
import { addressKey } from './address-key';
import { rateLimitRefusals } from './metrics';
import type { RateLimitStore } from './rate-limit.store';

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

/** Spec 8 budgets per credential, per minute. */
export const REQUESTS_PER_MINUTE = 300;
export const WRITES_PER_MINUTE = 120;

/** The per-IP counters of spec 8. */
export interface IpLimit {
  /** Counter name; `shared` is the one counter of images, uploads, bulk and export. */
  counter: string;
  limit: number;
  windowSeconds?: number;
}
export const IP_LIMIT_KEY = 'hc:ip-limit';

/**
 * A per-IP limit. Endpoints on the shared counter (POST /images, /images/uploads, /images/bulk,
 * /articles/bulk, GET /export) each compare the one shared count with their own limit.
 */
export const IpRateLimit = (limit: IpLimit) => SetMetadata(IP_LIMIT_KEY, limit);
export const SharedIpLimit = (limit: number) => IpRateLimit({ counter: 'shared', limit });

interface LimitedRequest extends HcRequest {
  method: string;
  ip?: string;
}

/** The metric label of a counter key: its kind (`req`, `write`, `ip:shared` …), never the id. */
function limitName(key: string): string {
  const parts = key.split(':');
  return parts[0] === 'ip' ? parts.slice(0, 2).join(':') : parts[0];
}

/** Consumes one request from a counter, or throws 429 with `Retry-After`. */
export async function consume(
  store: RateLimitStore,
  key: string,
  limit: number,
  windowSeconds = 60,
): Promise<void> {
  const { count, resetInSeconds } = await store.hit(key, windowSeconds);
  if (count > limit) {
    rateLimitRefusals.inc({ limit: limitName(key) });
    throw tooManyAttempts(resetInSeconds);
  }
}

/** Runs after the credential guard: per-credential and per-IP budgets (spec 8). */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<LimitedRequest>();
    const targets = [ctx.getHandler(), ctx.getClass()];
    const ipLimit = this.reflector.getAllAndOverride<IpLimit | undefined>(IP_LIMIT_KEY, targets);
    if (ipLimit) {
      await consume(
        this.store,
        `ip:${ipLimit.counter}:${addressKey(req.ip)}`,
        ipLimit.limit,
        ipLimit.windowSeconds,
      );
    }
    if (req.hc) {
      const key = req.hc.rateLimitKey;
      await consume(this.store, `req:${key}`, REQUESTS_PER_MINUTE);
      const isWrite =
        req.method !== 'GET' && req.method !== 'HEAD'
          ? true
          : Boolean(this.reflector.getAllAndOverride<boolean>(COUNTS_AS_WRITE_KEY, targets));
      if (isWrite) await consume(this.store, `write:${key}`, WRITES_PER_MINUTE);
    }
    return true;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
