import type { ResponseTable } from '@hc/http';
import { answers, arr, bool, id, obj, ok, oneOfStr, refTo, str, strings, success } from '@hc/http';
import { CONFIRMATION, validation } from '../http/answers.schema';
import type { SessionController } from './session.controller';
import type { TwoFactorRequirementController } from './two-factor-requirement.controller';

/** The answers of the dashboard's session routes (issues 37, 38), held against their handlers. */
export const SESSION_RESPONSES: ResponseTable = {
  SessionController_show: {
    200: ok(
      'The signed-in person, their sites with their current role, and the session’s anti-CSRF ' +
        'token (issue 37). `Cache-Control: no-store`.',
      answers<SessionController, 'show'>()(
        obj({
          status: success,
          data: obj({
            user: obj({ id, email: str, name: str }),
            csrf_token: str,
            sites: arr(
              obj({
                id,
                name: str,
                subdomain: str,
                url: str,
                role: oneOfStr('owner', 'admin', 'editor', 'translator', 'viewer'),
                notes_access: bool,
                default_language: str,
                languages: strings,
                plan: oneOfStr('starter', 'growth', 'catalyst'),
                staging: bool,
              }),
            ),
          }),
        }),
        true,
      ),
      {
        status: 'success',
        data: {
          user: { id: 4, email: 'ann@example.com', name: 'Ann' },
          csrf_token: 'kS1v3bq2Yc0…',
          sites: [
            {
              id: 5,
              name: 'Acme Help',
              subdomain: 'acme',
              url: 'https://acme.example.com',
              role: 'editor',
              notes_access: true,
              default_language: 'en',
              languages: ['en', 'de'],
              plan: 'growth',
              staging: false,
            },
          ],
        },
      },
    ),
  },
  SessionController_createFirstSite: {
    201: ok(
      'The person’s first help center (issue 38: the sign-up flow), on the plan the platform ' +
        'names for sign-ups, the person its Owner. 403 `forbidden` once they belong to a site.',
      answers<SessionController, 'createFirstSite'>()(
        obj({ status: success, data: obj({ id, name: str, subdomain: str, url: str }) }),
        true,
      ),
      {
        status: 'success',
        data: { id: 5, name: 'Acme Help', subdomain: 'acme', url: 'https://acme.example.com' },
      },
    ),
    422: validation,
  },
  TwoFactorRequirementController_set: {
    200: ok(
      'Whether the site now requires two-factor sign-in of its members (issue 38); a member ' +
        'without it gets 403 `two_factor_required` on this site from the next request.',
      answers<TwoFactorRequirementController, 'set'>()(
        obj({ status: success, two_factor: obj({ required: bool }) }),
        true,
      ),
      { status: 'success', two_factor: { required: true } },
    ),
    422: validation,
  },
  SessionController_signOut: {
    200: ok(
      'This session is over; the cookie is cleared.',
      answers<SessionController, 'signOut'>()(refTo('Confirmation', CONFIRMATION), true),
      { status: 'success', message: 'You are signed out.' },
    ),
  },
};
