import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { apiError, CommonErrorCode } from '@hc/contracts';
import { Public } from '@hc/auth';

/** Extra readiness checks an app adds (for example the dispatcher's transport). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = [],
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** Ready when the database answers (and any app-specific checks pass). */
  @Get('ready')
  async ready() {
    try {
      await this.ds.query('SELECT 1');
      for (const c of this.checks ?? []) await c.check();
    } catch (err) {
      throw apiError(CommonErrorCode.NotReady, err instanceof Error ? err.message : 'not ready');
    }
    return { status: 'ok' };
  }
}
