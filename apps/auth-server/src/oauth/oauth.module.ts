import { Module } from '@nestjs/common';
import { ConnectedAppsController } from '../account/connected-apps.controller';
import { DashboardSessionsRepository } from '../account/dashboard-sessions.repository';
import { SessionService } from '../account/session.service';
import { SignInService } from '../account/sign-in.service';
import { DiscoveryController } from '../discovery/discovery.controller';
import { InteractionController } from '../interaction/interaction.controller';
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
    InteractionController,
    ConnectedAppsController,
  ],
  providers: [OidcService, SessionService, SignInService, DashboardSessionsRepository],
  exports: [OidcService],
})
export class OAuthModule {}
