import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { OAuthModule } from '../oauth/oauth.module';
import { StorageModule } from '../storage/storage.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { ConsentController } from './consent.controller';
import { ConsentService } from './consent.service';
import { InteractionSteps } from './interaction-steps.service';
import { SignInController } from './sign-in.controller';

/** The authorization flow's own pages: sign-in and consent (spec 4.13). */
@Module({
  imports: [StorageModule, AccountModule, OAuthModule, TwoFactorModule],
  controllers: [SignInController, ConsentController],
  providers: [InteractionSteps, ConsentService],
})
export class InteractionModule {}
