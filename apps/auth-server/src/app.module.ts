import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { AccountModule } from './account/account.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { InteractionModule } from './interaction/interaction.module';
import { OAuthModule } from './oauth/oauth.module';

@Module({
  imports: [
    CoreModule.forRoot({ app: 'auth-server' }),
    DiscoveryModule,
    OAuthModule,
    AccountModule,
    InteractionModule,
  ],
})
export class AppModule {}
