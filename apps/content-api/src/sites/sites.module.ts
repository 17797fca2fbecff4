import { Module } from '@nestjs/common';
import { SitesController } from './sites.controller';
import { SitesRepository } from './sites.repository';
import { SitesService } from './sites.service';
import { TeamModule } from '../team/team.module';

@Module({
  imports: [TeamModule],
  controllers: [SitesController],
  providers: [SitesRepository, SitesService],
  exports: [SitesRepository, SitesService],
})
export class SitesModule {}
