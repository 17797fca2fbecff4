import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { AccountController } from './account.controller';
import { AccountsService } from './accounts.service';
import { PasswordResetController } from './password-reset.controller';
import { SignUpController } from './sign-up.controller';
import { ConnectedAppsController } from './connected-apps.controller';
import { ConnectedAppsService } from './connected-apps.service';
import { DashboardSessionsRepository } from './dashboard-sessions.repository';
import { SessionService } from './session.service';
import { SignInService } from './sign-in.service';

/**
 * People's side: dashboard sessions, password sign-in, sign-up, password reset, the account and
 * connected-apps pages.
 */
@Module({
  imports: [StorageModule, TwoFactorModule],
  controllers: [
    AccountController,
    ConnectedAppsController,
    SignUpController,
    PasswordResetController,
  ],
  providers: [
    SessionService,
    SignInService,
    DashboardSessionsRepository,
    ConnectedAppsService,
    AccountsService,
  ],
  exports: [SessionService, SignInService],
})
export class AccountModule {}
