import { Body, Controller, Get, Param, Patch, Put, Query } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { wrapSuccess } from '@hc/http';
import { DashboardAdminRead, DashboardAdminWrite, DashboardRead } from '../http/content-routes';
import { TranslationsQuery } from '../translations/dto/translations-query.dto';
import {
  CommentSettingsDto,
  InterfaceTextsDto,
  SiteAllowlistDto,
  SiteDomainDto,
  SiteVisibilityDto,
  UpdateSiteDto,
} from './dto/site-settings.dto';
import { SiteSettingsService } from './site-settings.service';

const NO_EVENT = 'Sends no event (spec 6).';

/**
 * The site settings an Owner or Admin changes in the dashboard (issue 38 item 5), replacing the
 * operator's `hc site update`, `hc comment settings` and `hc interface-text set` for tenants.
 */
@Controller('site')
export class SiteSettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  @DashboardAdminRead(Get('settings'), 'The site’s settings')
  async show(@CurrentSite() site: SiteContext) {
    return wrapSuccess({ settings: await this.settings.view(site) });
  }

  @DashboardAdminWrite(Patch(), {
    summary: 'Change the name, subdomain or languages',
    description: `A new subdomain moves the reader site's address. ${NO_EVENT}`,
  })
  async update(@CurrentSite() site: SiteContext, @Body() body: UpdateSiteDto) {
    return wrapSuccess({ settings: await this.settings.updateGeneral(site, body) });
  }

  @DashboardAdminWrite(Put('domain'), {
    summary: 'Set or remove the custom domain',
    description:
      'Saved only when the DNS TXT record `_hc-verification.<domain>` holds ' +
      '`hc-verification=<site uuid>`; never a platform address, a name under the reader ' +
      `domain or another site's domain. Serving it is the operator's step. ${NO_EVENT}`,
  })
  async domain(@CurrentSite() site: SiteContext, @Body() body: SiteDomainDto) {
    return wrapSuccess({ settings: await this.settings.setDomain(site, body.domain) });
  }

  @DashboardAdminWrite(Put('visibility'), {
    summary: 'Set who may read the site, and its password',
    description: 'Sends `site.updated` when the visibility changes (spec 6).',
  })
  async visibility(@CurrentSite() site: SiteContext, @Body() body: SiteVisibilityDto) {
    return wrapSuccess({
      settings: await this.settings.setVisibility(site, body.visibility, body.password),
    });
  }

  @DashboardAdminWrite(Put('ip-allowlist'), {
    summary: 'Set the IP allow-list',
    description: 'Sends `site.updated` when the list changes (spec 6).',
  })
  async allowlist(@CurrentSite() site: SiteContext, @Body() body: SiteAllowlistDto) {
    return wrapSuccess({ settings: await this.settings.setAllowlist(site, body.ip_allowlist) });
  }

  /** Every member reads it: the moderation queue follows it. */
  @DashboardRead(Get('comment-settings'), 'Whether reader comments wait for approval')
  async commentSettings(@CurrentSite() site: SiteContext) {
    return wrapSuccess({ settings: await this.settings.commentSettings(site) });
  }

  @DashboardAdminWrite(Put('comment-settings'), {
    summary: 'Set whether reader comments wait for approval',
    description: NO_EVENT,
  })
  async setCommentSettings(@CurrentSite() site: SiteContext, @Body() body: CommentSettingsDto) {
    return wrapSuccess({ settings: await this.settings.setCommentSettings(site, body.moderate) });
  }

  @DashboardAdminRead(Get('interface-texts'), 'The reader site’s interface texts in a language')
  async interfaceTexts(@CurrentSite() site: SiteContext, @Query() query: TranslationsQuery) {
    return wrapSuccess(await this.settings.interfaceTexts(site, query.lang));
  }

  @DashboardAdminWrite(Put('interface-texts/:lang'), {
    summary: 'Override interface texts in a language',
    description: `Null or empty restores a key's default text. ${NO_EVENT}`,
  })
  async setInterfaceTexts(
    @CurrentSite() site: SiteContext,
    @Param('lang') lang: string,
    @Body() body: InterfaceTextsDto,
  ) {
    return wrapSuccess(await this.settings.setInterfaceTexts(site, lang, body.texts));
  }
}
