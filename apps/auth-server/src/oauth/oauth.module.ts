import { Module } from '@nestjs/common';
import { AccountController } from '../account/account.controller';
import { ConnectedAppsController } from '../account/connected-apps.controller';
import { DashboardSessionsRepository } from '../account/dashboard-sessions.repository';
import { SessionService } from '../account/session.service';
import { SignInService } from '../account/sign-in.service';
import { DiscoveryController } from '../discovery/discovery.controller';
import { ConsentController } from '../interaction/consent.controller';
import { ConsentService } from '../interaction/consent.service';
import { InteractionSteps } from '../interaction/interaction-steps.service';
import { SignInController } from '../interaction/sign-in.controller';
import { OAuthStorageModule } from './oauth-storage.module';
import { OidcService } from './oidc.service';
import { RegistrationController } from './registration.controller';
import { UserinfoController } from './userinfo.controller';

/** The authorization server: oidc-provider plus this app's own OAuth routes and pages. */
@Module({
  imports: [OAuthStorageModule],
  controllers: [
    DiscoveryController,
    RegistrationController,
    UserinfoController,
    SignInController,
    ConsentController,
    AccountController,
    ConnectedAppsController,
  ],
  providers: [
    OidcService,
    SessionService,
    SignInService,
    DashboardSessionsRepository,
    InteractionSteps,
    ConsentService,
  ],
  exports: [OidcService],
})
export class OAuthModule {}
