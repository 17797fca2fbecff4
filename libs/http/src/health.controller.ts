import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { apiError, CommonErrorCode } from '@hc/contracts';
import { Public } from '@hc/auth';
import { pendingMigrations, pingDatabase } from '@hc/data';
import { RATE_LIMIT_STORE } from './rate-limit';
import type { RateLimitStore } from './rate-limit.store';

/** Extra readiness checks an app adds (for example the dispatcher's transport). */
export interface ReadinessCheck {
  name: string;
  /** Throws when the app cannot serve. */
  check(): Promise<void>;
}
/** Provide an array of ReadinessCheck under this token, in any module of the app. */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * Probes (issue 18). Liveness is cheap: the process answers. Readiness tells the truth: the
 * database answers and its schema is at the migration this code expects, and every app check
 * (the event transport in use) passes. Redis down is a `degraded` detail, not a failure: the
 * rate limits fall back to per-process counters, and draining every pod would be worse.
 */
@Public()
@Controller('health')
export class HealthController {
  private schemaCurrent = false;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(RATE_LIMIT_STORE) private readonly limits?: RateLimitStore,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    try {
      await pingDatabase(this.ds);
      await this.checkSchema();
      for (const c of this.checks()) {
        await c.check().catch((err: unknown) => {
          throw new Error(`${c.name}: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
    } catch (err) {
      throw apiError(CommonErrorCode.NotReady, err instanceof Error ? err.message : 'not ready');
    }
    const degraded = this.limits?.degraded?.();
    return degraded
      ? { status: 'ok', degraded: [`rate limits use per-process counters (${degraded})`] }
      : { status: 'ok' };
  }

  /** Once at the expected migration the schema stays there (migrations only move forward). */
  private async checkSchema(): Promise<void> {
    if (this.schemaCurrent) return;
    const pending = await pendingMigrations(this.ds);
    if (pending.length > 0) {
      throw new Error(
        `the database schema is behind (${pending.length} migration(s) pending, first ${pending[0]}); run hc migrate`,
      );
    }
    this.schemaCurrent = true;
  }

  private checks(): ReadinessCheck[] {
    try {
      return this.moduleRef.get<ReadinessCheck[]>(READINESS_CHECKS, { strict: false }) ?? [];
    } catch {
      return [];
    }
  }
}
