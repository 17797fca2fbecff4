import type { INestApplication } from '@nestjs/common';
import { Controller, Get, Module, ServiceUnavailableException } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { createPassThroughApp, HcExceptionFilter, MetricsController } from '@hc/http';
import { dashboardFiles, webRoot } from './static';

/** Probes: live when the process answers, ready once the built app is there to serve (metrics: /metrics, inside the cluster only). */
@Controller('health')
class DashboardHealth {
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  ready() {
    if (!webRoot()) throw new ServiceUnavailableException('The dashboard is not built.');
    return { status: 'ok' };
  }
}

@Module({
  controllers: [DashboardHealth, MetricsController],
  providers: [{ provide: APP_FILTER, useClass: HcExceptionFilter }],
})
class DashboardModule {}

/**
 * The team dashboard's server (issue 37): the built single-page app under /app, nothing else.
 * It holds no data and no credentials; the app talks to /v1 through the edge like every client.
 */
export function createDashboard(): Promise<INestApplication> {
  return createPassThroughApp(DashboardModule, dashboardFiles());
}
