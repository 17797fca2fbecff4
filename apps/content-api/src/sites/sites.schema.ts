import type { ResponseTable } from '@hc/http';
import { agrees, answers, arr, bool, formatA, id, int, more, nullable, obj } from '@hc/http';
import { ok, oneOfStr, refTo, str, strings, success } from '@hc/http';
import { validation } from '../http/answers.schema';
import { INTERFACE_TEXTS } from '../translations/translations.schema';
import type { SiteSettingsController } from './site-settings.controller';
import type { SitesController } from './sites.controller';
import type { toSiteResponse } from './site.mapper';

/** Spec 2.2: the site object's fields. */
const SITE_FIELDS = {
  id,
  uuid: str,
  name: str,
  subdomain: str,
  domain: str,
  url: str,
  default_language: str,
  visibility: oneOfStr('public', 'private', 'password'),
  publicly_accessible: bool,
  languages: strings,
  created_at: formatA,
};

/** The `Site` component: what `toSiteResponse` returns, held against its type. */
export const SITE_SCHEMA = agrees<ReturnType<typeof toSiteResponse>>()(
  more(obj(SITE_FIELDS), {
    examples: [
      {
        id: 5,
        uuid: '4fafa854-c482-403c-8b3f-2906cfb7ed9d',
        name: 'Acme Help',
        subdomain: 'acme',
        domain: 'acme.example.com',
        url: 'https://acme.example.com',
        default_language: 'en',
        visibility: 'public',
        publicly_accessible: true,
        languages: ['en', 'de'],
        created_at: '2026-01-31 09:30:00',
      },
    ],
  }),
  true,
);

/** The dashboard's site settings (issue 38 item 5): the site with what only Admins see. */
const settings = obj({
  ...SITE_FIELDS,
  custom_domain: nullable(str),
  reader_domain: nullable(str),
  domain_check: obj({ label: str, value: str }),
  password_set: bool,
  /** Issue 38: whether members must sign in with a second factor; how many have none. */
  two_factor: obj({ required: bool, members_without: int }),
  ip_allowlist: strings,
  language_codes: strings,
});
const SETTINGS = answers<SiteSettingsController, 'show'>()(
  obj({ status: success, settings }),
  true,
);
const settingsAnswer = ok('The site’s settings after the change.', SETTINGS);
for (const check of [
  answers<SiteSettingsController, 'update'>(),
  answers<SiteSettingsController, 'domain'>(),
  answers<SiteSettingsController, 'visibility'>(),
  answers<SiteSettingsController, 'allowlist'>(),
])
  check(SETTINGS, true);

const COMMENT_SETTINGS = answers<SiteSettingsController, 'commentSettings'>()(
  obj({ status: success, settings: obj({ site_id: int, moderate: bool }) }),
  true,
);
answers<SiteSettingsController, 'setCommentSettings'>()(COMMENT_SETTINGS, true);
const commentSettings = ok('Whether reader comments wait for approval.', COMMENT_SETTINGS);
const texts = ok('Interface texts of a language with the site’s overrides.', INTERFACE_TEXTS);
answers<SiteSettingsController, 'interfaceTexts'>()(INTERFACE_TEXTS, true);
answers<SiteSettingsController, 'setInterfaceTexts'>()(INTERFACE_TEXTS, true);

const write = { 200: settingsAnswer, 422: validation };

/** The answers of GET /sites and of the dashboard's site settings (issue 38 items 5 and 7). */
export const SITES_RESPONSES: ResponseTable = {
  SitesController_list: {
    200: ok(
      'The sites the credential reaches (an API key: its one site).',
      answers<SitesController, 'list'>()(
        obj({
          status: success,
          sites: arr(refTo('Site', SITE_SCHEMA)),
          meta: obj({ items_count: int }),
        }),
        true,
      ),
    ),
  },
  SiteSettingsController_show: {
    200: ok('The site’s settings.', SETTINGS),
  },
  SiteSettingsController_update: write,
  SiteSettingsController_domain: write,
  SiteSettingsController_visibility: write,
  SiteSettingsController_allowlist: write,
  SiteSettingsController_commentSettings: { 200: commentSettings },
  SiteSettingsController_setCommentSettings: { 200: commentSettings, 422: validation },
  SiteSettingsController_interfaceTexts: { 200: texts, 422: validation },
  SiteSettingsController_setInterfaceTexts: { 200: texts, 422: validation },
};
