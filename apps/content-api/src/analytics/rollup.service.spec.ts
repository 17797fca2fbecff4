// The in-process daily rollup timer can be turned off where a CronJob runs `hc analytics rollup`.
import { HttpAdapterHost } from '@nestjs/core';
import { resetSettings } from '@hc/contracts';
import { RollupRepository } from './rollup.repository';
import { RollupService } from './rollup.service';

describe('RollupService schedule', () => {
  const saved = process.env.HC_ANALYTICS_ROLLUP_TIMER;
  const httpApp = { httpAdapter: {} } as HttpAdapterHost;
  const rollups = {
    rolledUpAcrossSites: jest.fn(async () => true),
    rollUp: jest.fn(),
  } as unknown as RollupRepository;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    if (saved === undefined) delete process.env.HC_ANALYTICS_ROLLUP_TIMER;
    else process.env.HC_ANALYTICS_ROLLUP_TIMER = saved;
    resetSettings();
  });

  async function timersAfterBoot(value: string | undefined): Promise<number> {
    if (value === undefined) delete process.env.HC_ANALYTICS_ROLLUP_TIMER;
    else process.env.HC_ANALYTICS_ROLLUP_TIMER = value;
    resetSettings();
    const service = new RollupService(rollups, httpApp);
    service.onApplicationBootstrap();
    const count = jest.getTimerCount();
    await service.onApplicationShutdown();
    return count;
  }

  it('schedules the rollup in the HTTP app by default', async () => {
    expect(await timersAfterBoot(undefined)).toBe(1);
  });

  it('schedules nothing with HC_ANALYTICS_ROLLUP_TIMER=false', async () => {
    expect(await timersAfterBoot('false')).toBe(0);
  });
});
