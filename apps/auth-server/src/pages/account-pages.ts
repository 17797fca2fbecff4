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
}

/** A labelled input with its error below it, tied by `aria-describedby`. */
function input(f: Field, errors: FieldErrors): string {
  const error = errors[f.name];
  const id = `error-${f.name}`;
  return (
    `<label>${e(f.label)} <input type="${f.type}" name="${e(f.name)}" autocomplete="${e(f.autocomplete)}" required` +
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
      `<h2>Sign-in sessions</h2><ul>${sessions}</ul>` +
      `<p>Signing out everywhere ends every dashboard session of your account, on every device, this one included.</p>` +
      `<form method="post" action="/app/account/sign-out-everywhere">${csrfField(view.csrf)}` +
      `<button type="submit">Sign out everywhere</button></form>`,
  );
}
