import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module';
import { SessionController } from './session.controller';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';
import { TwoFactorRequirementController } from './two-factor-requirement.controller';
import { TwoFactorRequirementRepository } from './two-factor-requirement.repository';

/** The dashboard session's own routes: bootstrap, sign-out, the first site (issues 37, 38). */
@Module({
  imports: [SitesModule],
  controllers: [SessionController, TwoFactorRequirementController],
  providers: [SessionRepository, SessionService, TwoFactorRequirementRepository],
})
export class SessionModule {}
