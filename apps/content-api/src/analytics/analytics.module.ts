import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { RollupRepository } from './rollup.repository';
import { RollupService } from './rollup.service';

@Module({
  controllers: [AnalyticsController],
  providers: [AnalyticsRepository, AnalyticsService, RollupRepository, RollupService],
  exports: [RollupService],
})
export class AnalyticsModule {}
