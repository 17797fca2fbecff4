import type { ResponseTable } from '@hc/http';
import { answers, arr, bool, int, obj, ok, str, strings, success } from '@hc/http';
import { validation } from '../http/answers.schema';
import type { TranslationsController } from './translations.controller';

/** `{status, lang, translations, meta}`: a language's interface texts with the site's overrides. */
export const INTERFACE_TEXTS = answers<TranslationsController, 'list'>()(
  obj({
    status: success,
    lang: str,
    translations: arr(obj({ key: str, text: str, default: str, overridden: bool })),
    meta: obj({
      items_count: int,
      overridden_count: int,
      default_language: str,
      site_languages: strings,
    }),
  }),
  true,
);

export const TRANSLATIONS_RESPONSES: ResponseTable = {
  TranslationsController_list: {
    200: ok('Interface texts of a language (spec 2.10: the product’s object).', INTERFACE_TEXTS),
    422: validation,
  },
};
