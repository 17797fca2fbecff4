import { Module } from '@nestjs/common';
import { DataModule } from '../data/data.module';
import { GateService } from './gate.service';
import { SessionFormsService } from './session-forms.service';

/** Who may read a site: visibility, passwords, member sign-in, IP allow-lists, suspension. */
@Module({
  imports: [DataModule],
  providers: [GateService, SessionFormsService],
  exports: [GateService, SessionFormsService],
})
export class SiteModule {}
