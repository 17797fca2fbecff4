import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { OidcService } from './oidc.service';
import { RegistrationController } from './registration.controller';
import { UserinfoController } from './userinfo.controller';
import { UserinfoService } from './userinfo.service';

/** The authorization server proper: oidc-provider, client registration and userinfo. */
@Module({
  imports: [StorageModule],
  controllers: [RegistrationController, UserinfoController],
  providers: [OidcService, UserinfoService],
  exports: [OidcService],
})
export class OAuthModule {}
