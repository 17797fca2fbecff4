import { Injectable } from '@nestjs/common';
import { fieldError, messages, settings } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { isInterfaceTextKey, LANGUAGE_CODES } from '@hc/content';
import { CommentModerationService } from '../comments/comment-moderation.service';
import { TranslationsService } from '../translations/translations.service';
import type { UpdateSiteDto } from './dto/site-settings.dto';
import { DOMAIN_CHECK_LABEL, domainCheckValue, SiteDomainService } from './site-domain.service';
import { toSiteResponse } from './site.mapper';
import { SitesRepository } from './sites.repository';
import { SitesService } from './sites.service';

/** An interface text override's longest form (a label or a sentence, never a page). */
export const INTERFACE_TEXT_MAX = 1000;

/**
 * The dashboard's site settings (issue 38 item 5), what an Owner or Admin changes without the
 * operator: every write goes through `SitesService.update`, the one writer of the site row.
 */
@Injectable()
export class SiteSettingsService {
  constructor(
    private readonly sites: SitesService,
    private readonly rows: SitesRepository,
    private readonly domains: SiteDomainService,
    private readonly comments: CommentModerationService,
    private readonly texts: TranslationsService,
  ) {}

  /** The settings screen's one object: the site as GET /sites shows it, plus its settings. */
  async view(site: SiteContext) {
    return {
      ...toSiteResponse(site),
      custom_domain: site.domain,
      reader_domain: settings().readerDomain,
      domain_check: { label: DOMAIN_CHECK_LABEL, value: domainCheckValue(site) },
      password_set: await this.rows.hasPassword(site.id),
      two_factor: await this.twoFactor(site),
      ip_allowlist: site.ipAllowlist,
      /** What `languages` may hold (spec 2.1), so the form offers exactly these. */
      language_codes: LANGUAGE_CODES,
    };
  }

  /** PUT /v1/site/two-factor's state, for the switch and what it means for the team. */
  private async twoFactor(site: SiteContext) {
    const { required, membersWithout } = await this.rows.twoFactor(site.id);
    return { required, members_without: membersWithout };
  }

  async updateGeneral(site: SiteContext, body: UpdateSiteDto) {
    return this.view(
      await this.sites.update(site.id, {
        name: body.name,
        subdomain: body.subdomain,
        defaultLanguage: body.default_language,
        languages: body.languages,
      }),
    );
  }

  async setDomain(site: SiteContext, domain: string | null) {
    const checked = await this.domains.check(site, domain);
    return this.view(await this.sites.update(site.id, { domain: checked }));
  }

  async setVisibility(site: SiteContext, visibility: string, password: string | null | undefined) {
    return this.view(
      await this.sites.update(site.id, { visibility, sitePassword: password ?? undefined }),
    );
  }

  async setAllowlist(site: SiteContext, entries: string[]) {
    return this.view(await this.sites.update(site.id, { ipAllowlist: entries }));
  }

  commentSettings(site: SiteContext) {
    return this.comments.settings(site);
  }

  setCommentSettings(site: SiteContext, moderate: boolean) {
    return this.comments.setModeration(site, moderate);
  }

  interfaceTexts(site: SiteContext, lang: string | undefined) {
    return this.texts.list(site, lang);
  }

  /** Every text checked before any is saved; then each as `hc interface-text set` does. */
  async setInterfaceTexts(site: SiteContext, lang: string, texts: Record<string, string | null>) {
    const entries = Object.entries(texts);
    if (entries.length === 0) throw fieldError('texts', messages.required('texts'));
    for (const [key, text] of entries) {
      if (!isInterfaceTextKey(key))
        throw fieldError(`texts.${key}`, 'No interface text has this key.');
      if (text !== null && [...text.trim()].length > INTERFACE_TEXT_MAX)
        throw fieldError(`texts.${key}`, messages.maxString('text', INTERFACE_TEXT_MAX));
    }
    await this.texts.list(site, lang); // a site language, else 422 on `lang`
    for (const [key, text] of entries) await this.texts.set(site, lang, key, text);
    return this.texts.list(site, lang);
  }
}
