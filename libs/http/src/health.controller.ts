import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { apiError, CommonErrorCode } from '@hc/contracts';
import { Public } from '@hc/auth';
import { GRANTED_APPS, GrantedApp, missingRights, pendingMigrations, pingDatabase } from '@hc/data';
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

/** The app whose database rights readiness checks (CoreModule.forRoot({ app })). */
export const READINESS_APP = Symbol('READINESS_APP');

/** How long readiness believes its last look at the database user's rights (issue 36). */
export const GRANTS_RECHECK_MS = 30_000;

/**
 * Probes (issue 18). Liveness is cheap: the process answers. Readiness tells the truth: the
 * database answers and its schema is at the migration this code expects, and every app check
 * (the event transport in use) passes. Redis down is a `degraded` detail, not a failure: the
 * rate limits fall back to per-process counters, and draining every pod would be worse.
 * Issue 36: the app's database user holds every right the app needs (libs/data/src/grants.ts),
 * looked at again every GRANTS_RECHECK_MS, so a release whose grants did not run stays unready.
 */
@Public()
@Controller('health')
export class HealthController {
  private schemaCurrent = false;
  private grants: { at: number; missing: string[] } | null = null;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(RATE_LIMIT_STORE) private readonly limits?: RateLimitStore,
    @Optional() @Inject(READINESS_APP) private readonly app?: string,
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
      await this.checkGrants();
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

  /** The app's own rights (issue 36), looked at once per GRANTS_RECHECK_MS. */
  private async checkGrants(): Promise<void> {
    const app = this.app as GrantedApp | undefined;
    if (!app || !GRANTED_APPS.includes(app)) return;
    if (!this.grants || Date.now() - this.grants.at >= GRANTS_RECHECK_MS)
      this.grants = { at: Date.now(), missing: await missingRights(this.ds, app) };
    const { missing } = this.grants;
    if (missing.length === 0) return;
    const shown = missing.slice(0, 5).join(', ');
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new Error(
      `the database user lacks rights ${app} needs (${shown}${more}); run hc db grants`,
    );
  }

  private checks(): ReadinessCheck[] {
    try {
      return this.moduleRef.get<ReadinessCheck[]>(READINESS_CHECKS, { strict: false }) ?? [];
    } catch {
      return [];
    }
  }
}
