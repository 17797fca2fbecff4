import type { ResponseSpec, ResponseTable, Schema } from '@hc/http';
import { arr, bool, ids, int, nullable, obj, ok, str, strings, success } from '@hc/http';

/**
 * The answers of the dashboard's site settings and moderation queue (issue 38 items 5 and 7).
 * `site`: spec 2.2's site fields; `validation`: the shared 422.
 */
export function siteSettingsAnswers(
  site: Record<string, Schema>,
  validation: ResponseSpec,
): ResponseTable {
  const settings = obj({
    ...site,
    custom_domain: nullable(str),
    reader_domain: nullable(str),
    domain_check: obj({ label: str, value: str }),
    password_set: bool,
    ip_allowlist: strings,
    language_codes: strings,
  });
  const settingsAnswer = ok(
    'The site’s settings after the change.',
    obj({ status: success, settings }),
  );
  const commentSettings = ok(
    'Whether reader comments wait for approval.',
    obj({ status: success, settings: obj({ site_id: int, moderate: bool }) }),
  );
  const texts = ok(
    'Interface texts of a language with the site’s overrides.',
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
  );
  const write = { 200: settingsAnswer, 422: validation };
  return {
    SiteSettingsController_show: {
      200: ok('The site’s settings.', obj({ status: success, settings })),
    },
    SiteSettingsController_update: write,
    SiteSettingsController_domain: write,
    SiteSettingsController_visibility: write,
    SiteSettingsController_allowlist: write,
    SiteSettingsController_commentSettings: { 200: commentSettings },
    SiteSettingsController_setCommentSettings: { 200: commentSettings, 422: validation },
    SiteSettingsController_interfaceTexts: { 200: texts, 422: validation },
    SiteSettingsController_setInterfaceTexts: { 200: texts, 422: validation },
    DashboardCommentsController_act: {
      200: ok(
        'The comments done and those that failed, each with the API’s message.',
        obj({ status: success, updated: ids, failed: arr(obj({ id: int, message: str })) }),
        { status: 'success', updated: [31], failed: [{ id: 99, message: 'Comment not found.' }] },
      ),
      422: validation,
    },
    DashboardCommentsController_email: {
      200: ok(
        'The author’s name and email (a team member’s: their account email).',
        obj({
          status: success,
          author: obj({ comment_id: int, name: str, email: nullable(str) }),
        }),
      ),
    },
  };
}
