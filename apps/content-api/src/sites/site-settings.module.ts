import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments/comments.module';
import { TranslationsModule } from '../translations/translations.module';
import { DomainTxtResolver } from './domain-txt.resolver';
import { SiteDomainService } from './site-domain.service';
import { SiteSettingsController } from './site-settings.controller';
import { SiteSettingsService } from './site-settings.service';
import { SitesModule } from './sites.module';

/**
 * The dashboard's site settings (issue 38 item 5), apart from SitesModule so the operator's
 * site commands do not load comments and interface texts.
 */
@Module({
  imports: [SitesModule, CommentsModule, TranslationsModule],
  controllers: [SiteSettingsController],
  providers: [SiteSettingsService, SiteDomainService, DomainTxtResolver],
})
export class SiteSettingsModule {}
