import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { OAuthModule } from './oauth/oauth.module';

@Module({ imports: [CoreModule.forRoot(), OAuthModule] })
export class AppModule {}
