import { escapeHtml } from '@hc/http';
import { csrfField, layout } from './pages';

const e = (v: string | number) => escapeHtml(String(v));

/** A form field's errors, by field name: shown next to the field (issue 38 "Bad input"). */
export type FieldErrors = Partial<Record<string, string>>;

interface Field {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  optional?: boolean;
}

/** A labelled input with its error below it, tied by `aria-describedby`. */
function input(f: Field, errors: FieldErrors): string {
  const error = errors[f.name];
  const id = `error-${f.name}`;
  return (
    `<label>${e(f.label)} <input type="${f.type}" name="${e(f.name)}" autocomplete="${e(f.autocomplete)}"${f.optional ? '' : ' required'}` +
    (f.value !== undefined && f.type !== 'password' ? ` value="${e(f.value)}"` : '') +
    (error ? ` aria-invalid="true" aria-describedby="${id}"` : '') +
    `>` +
    (error ? `<span class="field-error" id="${id}">${e(error)}</span>` : '') +
    `</label>`
  );
}

/** A page of one form: its title, an optional notice or error, the fields and the button. */
export function formPage(view: {
  title: string;
  action: string;
  csrf: string;
  fields: Field[];
  submit: string;
  errors?: FieldErrors;
  intro?: string;
  error?: string;
  footer?: string;
}): string {
  const errors = view.errors ?? {};
  return layout(
    view.title,
    `<h1>${e(view.title)}</h1>` +
      (view.error ? `<p class="error" role="alert">${e(view.error)}</p>` : '') +
      (view.intro ? `<p>${e(view.intro)}</p>` : '') +
      `<form method="post" action="${e(view.action)}">${csrfField(view.csrf)}` +
      view.fields.map((f) => input(f, errors)).join('') +
      `<button type="submit">${e(view.submit)}</button></form>` +
      (view.footer ?? ''),
  );
}

/** A page that only tells something (check your email, a link that no longer works…). */
export function messagePage(title: string, text: string, link?: { href: string; label: string }) {
  return layout(
    title,
    `<h1>${e(title)}</h1><p role="status">${e(text)}</p>` +
      (link ? `<p><a href="${e(link.href)}">${e(link.label)}</a></p>` : ''),
  );
}

export const PASSWORD_FIELD = (name = 'password', label = 'Password'): Field => ({
  name,
  label,
  type: 'password',
  autocomplete: name === 'current_password' ? 'current-password' : 'new-password',
});

export function signUpPage(view: {
  csrf: string;
  values?: { name?: string; email?: string };
  errors?: FieldErrors;
  error?: string;
}): string {
  return formPage({
    title: 'Create your account',
    action: '/signin/account/new',
    csrf: view.csrf,
    submit: 'Create account',
    errors: view.errors,
    error: view.error,
    fields: [
      {
        name: 'name',
        label: 'Your name',
        type: 'text',
        autocomplete: 'name',
        value: view.values?.name,
      },
      {
        name: 'email',
        label: 'Email',
        type: 'email',
        autocomplete: 'email',
        value: view.values?.email,
      },
      PASSWORD_FIELD(),
    ],
    footer: '<p class="muted">Already have an account? <a href="/signin">Sign in</a></p>',
  });
}

export function forgotPasswordPage(view: {
  csrf: string;
  email?: string;
  errors?: FieldErrors;
  error?: string;
}): string {
  return formPage({
    title: 'Reset your password',
    action: '/signin/password/forgot',
    csrf: view.csrf,
    submit: 'Send the link',
    intro: 'Enter the email of your account: we send it a link to choose a new password.',
    errors: view.errors,
    error: view.error,
    fields: [
      { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: view.email },
    ],
  });
}

export function resetPasswordPage(view: {
  action: string;
  csrf: string;
  errors?: FieldErrors;
  error?: string;
}): string {
  return formPage({
    title: 'Choose a new password',
    action: view.action,
    csrf: view.csrf,
    submit: 'Save the new password',
    intro: 'Your other sign-in sessions end when the password changes.',
    errors: view.errors,
    error: view.error,
    fields: [PASSWORD_FIELD('password', 'New password')],
  });
}

/** The sign-in step that asks for the second factor (issue 38). */
export function secondFactorPage(view: { action: string; csrf: string; error?: string }): string {
  return formPage({
    title: 'Two-factor sign-in',
    action: view.action,
    csrf: view.csrf,
    submit: 'Continue',
    intro:
      'Enter the 6-digit code of your authenticator app, or one of your recovery codes if you do not have it.',
    error: view.error,
    fields: [
      {
        name: 'code',
        label: 'Authenticator code',
        type: 'text',
        autocomplete: 'one-time-code',
        optional: true,
      },
      {
        name: 'recovery_code',
        label: 'Or a recovery code',
        type: 'text',
        autocomplete: 'off',
        optional: true,
      },
    ],
  });
}

/** Where the account page's two-factor section stands. */
export type TwoFactorView =
  | { state: 'off'; required: boolean }
  | { state: 'enrolling'; secret: string; qrSvg: string }
  | { state: 'on'; recoveryCodesLeft: number; newCodes?: string[] };

function twoFactorSection(view: TwoFactorView, csrf: string, errors: FieldErrors): string {
  const post = (action: string, fields: Field[], submit: string) =>
    `<form method="post" action="/app/account/two-factor/${action}">${csrfField(csrf)}` +
    fields.map((f) => input(f, errors)).join('') +
    `<button type="submit">${e(submit)}</button></form>`;
  const head = '<h2>Two-factor sign-in</h2>';
  if (view.state === 'off')
    return (
      head +
      (view.required
        ? '<p class="error" role="alert">A help center you belong to requires two-factor sign-in: turn it on to keep working there.</p>'
        : '') +
      '<p class="muted">Every sign-in then also asks for a code from an authenticator app.</p>' +
      post('start', [], 'Turn on two-factor sign-in')
    );
  if (view.state === 'enrolling')
    return (
      head +
      '<p>Scan this code with your authenticator app, or type the key, then enter the code it shows.</p>' +
      `<figure class="qr">${view.qrSvg}<figcaption>Key: <code id="totp-secret">${e(view.secret)}</code></figcaption></figure>` +
      post(
        'confirm',
        [
          {
            name: 'code',
            label: 'Authenticator code',
            type: 'text',
            autocomplete: 'one-time-code',
          },
        ],
        'Turn on',
      )
    );
  return (
    head +
    (view.newCodes
      ? '<p role="status">Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.</p>' +
        `<ul class="recovery-codes">${view.newCodes.map((c) => `<li><code>${e(c)}</code></li>`).join('')}</ul>`
      : `<p>Two-factor sign-in is on. ${view.recoveryCodesLeft} recovery codes left.</p>`) +
    post('disable', [PASSWORD_FIELD('disable_password', 'Current password')], 'Turn off')
  );
}

export interface SessionRow {
  id: string;
  createdAt: Date;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/**
 * The account page (issues #15 and 38): the person's email, password, sign-in sessions (each
 * can be ended), connected apps, and "sign out everywhere".
 */
export function accountPage(view: {
  name: string;
  email: string;
  csrf: string;
  sessions: SessionRow[];
  twoFactor: TwoFactorView;
  notice?: string;
  error?: string;
  errors?: FieldErrors;
}): string {
  const errors = view.errors ?? {};
  const sessions = view.sessions
    .map(
      (s) =>
        `<li data-session="${e(s.id)}">${e(s.userAgent ?? 'Unknown browser')} ` +
        `<span class="muted">(${e(s.ip ?? 'unknown address')}, since ${e(s.createdAt.toISOString())})</span>` +
        (s.current
          ? ' <strong>This session</strong>'
          : `<form method="post" action="/app/account/sessions/${e(s.id)}/end">${csrfField(view.csrf)}` +
            `<button type="submit">End this session</button></form>`) +
        `</li>`,
    )
    .join('');
  const form = (action: string, fields: Field[], submit: string) =>
    `<form method="post" action="${action}">${csrfField(view.csrf)}` +
    fields.map((f) => input(f, errors)).join('') +
    `<button type="submit">${e(submit)}</button></form>`;
  return layout(
    'Account',
    `<h1>Account</h1>` +
      (view.notice ? `<p role="status">${e(view.notice)}</p>` : '') +
      (view.error ? `<p class="error" role="alert">${e(view.error)}</p>` : '') +
      `<p>Signed in as ${e(view.name)} (${e(view.email)}).</p>` +
      `<p><a href="/app/account/connected-apps">Connected apps</a> · <a href="/app">Dashboard</a></p>` +
      `<h2>Profile</h2><p class="muted">The name your team sees next to your work.</p>` +
      form(
        '/app/account/profile',
        [{ name: 'name', label: 'Name', type: 'text', autocomplete: 'name', value: view.name }],
        'Save name',
      ) +
      `<h2>Email</h2><p class="muted">We send a link to the new address; the change is made once you open it.</p>` +
      form(
        '/app/account/email',
        [
          { name: 'email', label: 'New email', type: 'email', autocomplete: 'email' },
          PASSWORD_FIELD('email_password', 'Current password'),
        ],
        'Change email',
      ) +
      `<h2>Password</h2><p class="muted">Changing it ends your other sign-in sessions, here and on the help centers.</p>` +
      form(
        '/app/account/password',
        [
          PASSWORD_FIELD('current_password', 'Current password'),
          PASSWORD_FIELD('password', 'New password'),
        ],
        'Change password',
      ) +
      twoFactorSection(view.twoFactor, view.csrf, errors) +
      `<h2>Sign-in sessions</h2><ul>${sessions}</ul>` +
      `<p>Signing out everywhere ends every dashboard session of your account, on every device, this one included.</p>` +
      `<form method="post" action="/app/account/sign-out-everywhere">${csrfField(view.csrf)}` +
      `<button type="submit">Sign out everywhere</button></form>`,
  );
}
