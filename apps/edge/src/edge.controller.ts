import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_NAMES, AppName, settings } from '@hc/contracts';

/** The apps `npm start` runs (HC_SERVICES, default all); /healthz waits for these. */
export function enabledApps(): AppName[] {
  const raw = process.env.HC_SERVICES;
  const wanted = raw ? raw.split(',').map((s) => s.trim()) : [...APP_NAMES];
  return APP_NAMES.filter((a) => wanted.includes(a));
}

async function ready(app: AppName): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${settings().ports[app]}/health/ready`, {
      signal: AbortSignal.timeout(2000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

@Controller()
export class EdgeController {
  /** 200 once every service is ready (docs/operations.md "Probes"). */
  @Get('healthz')
  async healthz(@Res() res: Response) {
    const apps = enabledApps();
    const results = await Promise.all(apps.map(async (app) => [app, await ready(app)] as const));
    const services = Object.fromEntries(
      results.map(([app, ok]) => [app, ok ? 'ready' : 'unavailable']),
    );
    const allReady = results.every(([, ok]) => ok);
    res.status(allReady ? 200 : 503).json({ status: allReady ? 'ok' : 'starting', services });
  }

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res() res: Response) {
    return this.healthz(res);
  }
}
