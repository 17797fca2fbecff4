import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import { fieldError, messages } from '@hc/contracts';
import { defaultText, INTERFACE_TEXT_KEYS, isInterfaceTextKey } from '@hc/content';
import { TranslationsRepository } from './translations.repository';
import type { SiteId } from '@hc/contracts';

interface TranslationSite {
  id: SiteId;
  uuid: string;
  defaultLanguage: string;
  languages: string[];
}

function siteLanguages(site: TranslationSite): string[] {
  return [...new Set([site.defaultLanguage, ...site.languages])];
}

/** GET /translations: the reader site's interface texts for one language, with the site's overrides. */
@Injectable()
export class TranslationsService {
  constructor(private readonly translations: TranslationsRepository) {}

  /** `lang` defaults to the site's default language and must be a site language, else 422. */
  async list(site: TranslationSite, requested: string | undefined) {
    const lang = requested ?? site.defaultLanguage;
    if (!siteLanguages(site).includes(lang))
      throw fieldError('lang', messages.selectedInvalid('lang'));
    const overrides = await this.translations.overrides(site.id, lang);
    const items = INTERFACE_TEXT_KEYS.map((key) => {
      const fallback = defaultText(lang, key);
      const own = overrides.get(key);
      return { key, text: own ?? fallback, default: fallback, overridden: own !== undefined };
    });
    return {
      lang,
      translations: items,
      meta: {
        items_count: items.length,
        overridden_count: items.filter((i) => i.overridden).length,
        default_language: site.defaultLanguage,
        site_languages: siteLanguages(site),
      },
    };
  }

  /** Operator: sets (or with null text, removes) one override. */
  async set(site: TranslationSite, lang: string, key: string, text: string | null) {
    if (!siteLanguages(site).includes(lang))
      throw fieldError('lang', messages.selectedInvalid('lang'));
    if (!isInterfaceTextKey(key)) throw fieldError('key', messages.selectedInvalid('key'));
    const own = text === null || text.trim() === '' ? null : text.trim();
    await this.translations.transaction(async (m) => {
      if (own === null) await this.translations.remove(site.id, m, lang, key);
      else await this.translations.set(site.id, m, lang, key, own);
      await writeAuditEvent(m, site, 'interface_text.set', {
        type: 'interface_text',
        id: `${lang}:${key}`,
      });
    });
    return {
      key,
      lang,
      text: own ?? defaultText(lang, key),
      default: defaultText(lang, key),
      overridden: own !== null,
    };
  }
}
