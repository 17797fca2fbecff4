import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AccountController } from './account.controller';
import { ConnectedAppsController } from './connected-apps.controller';
import { ConnectedAppsService } from './connected-apps.service';
import { DashboardSessionsRepository } from './dashboard-sessions.repository';
import { SessionService } from './session.service';
import { SignInService } from './sign-in.service';

/** People's side: dashboard sessions, password sign-in, the account and connected-apps pages. */
@Module({
  imports: [StorageModule],
  controllers: [AccountController, ConnectedAppsController],
  providers: [SessionService, SignInService, DashboardSessionsRepository, ConnectedAppsService],
  exports: [SessionService, SignInService],
})
export class AccountModule {}
