import { Module } from '@nestjs/common';
import { ConnectedAppsController } from '../account/connected-apps.controller';
import { SessionService } from '../account/session.service';
import { DiscoveryController } from '../discovery/discovery.controller';
import { InteractionController } from '../interaction/interaction.controller';
import { ClientsService } from './clients.service';
import { ConnectionsRepository } from './connections.repository';
import { OidcService } from './oidc.service';
import { RegistrationController } from './registration.controller';
import { SecretsRepository } from './secrets.repository';
import { TokensRepository } from './tokens.repository';
import { UserinfoController } from './userinfo.controller';

/** Storage and clients, shared by the HTTP app and the operator CLI. */
@Module({
  providers: [TokensRepository, ClientsService, ConnectionsRepository, SecretsRepository],
  exports: [TokensRepository, ClientsService, ConnectionsRepository, SecretsRepository],
})
export class OAuthStorageModule {}

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
  providers: [OidcService, SessionService],
  exports: [OidcService],
})
export class OAuthModule {}
