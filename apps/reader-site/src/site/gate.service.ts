import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { h, raw } from '../render/html';
import { plainPage } from '../render/page';
import { parsePath, ReaderPath, withLanguage } from '../http/reader-request';
import { cookie, formToken, ipAllowed, SESSION_COOKIE } from '../http/access';
import { SiteDirectory } from '../data/site-directory';
import { ReaderSession, ReaderSite, SiteRepository } from '../data/site.repository';

export interface Admitted {
  site: ReaderSite;
  path: ReaderPath;
  session: ReaderSession | null;
}

/**
 * Who may read a site (spec 2.2): an unknown site is 404; a suspended site and an address outside
 * the IP allow-list (`publicly_accessible` false) are 403; a `private` site needs a signed-in
 * member, a `password` site the password (or a member). Sign-in and password pages stay open.
 */
@Injectable()
export class GateService {
  constructor(
    private readonly sites: SiteRepository,
    private readonly directory: SiteDirectory,
  ) {}

  async admit(
    req: Request,
    res: Response,
    options: { open?: boolean } = {},
  ): Promise<Admitted | null> {
    const parsed = parsePath(req);
    const site = !parsed
      ? null
      : parsed.subdomain !== null
        ? await this.directory.bySubdomain(parsed.subdomain)
        : parsed.host
          ? await this.directory.byDomain(parsed.host)
          : null;
    if (!parsed || !site) {
      refuse(res, 'unknown', null, 'en');
      return null;
    }
    const path = withLanguage(parsed, site);
    const lang = path.lang ?? site.defaultLanguage;
    if (site.suspended) {
      refuse(res, 'suspended', site, lang);
      return null;
    }
    if (!ipAllowed(req.ip, site.ipAllowlist)) {
      refuse(res, 'outsideAllowlist', site, lang);
      return null;
    }
    const token = cookie(req, SESSION_COOKIE, path.base || '/');
    const session = token ? await this.sites.session(site.id, token) : null;
    if (options.open) return { site, path, session };
    if (site.visibility === 'private' && !session?.member) {
      this.sendForm('signIn', req, res, site, path, null, 401);
      return null;
    }
    if (site.visibility === 'password' && !session) {
      this.sendForm('password', req, res, site, path, null, 401);
      return null;
    }
    return { site, path, session };
  }

  /** Sends one of the gate's forms as `status`, with `error` (or nothing) above it. */
  sendForm(
    form: GateForm,
    req: Request,
    res: Response,
    site: ReaderSite,
    path: ReaderPath,
    error: string | null,
    status: number,
  ): void {
    formPage(req, res, site, path, status, { ...GATE_FORMS[form](site, path), error });
  }
}

/** The gate's two forms (spec 2.2): a team member's sign-in, and a password site's password. */
export type GateForm = 'signIn' | 'password';

const GATE_FORMS: Record<GateForm, (site: ReaderSite, path: ReaderPath) => Form> = {
  signIn: (site, path) => ({
    title: 'Sign in',
    heading: 'Sign in',
    intro:
      site.visibility === 'private'
        ? 'This help center is for team members. Sign in with your account.'
        : 'Sign in with your team account.',
    action: `${path.base}/signin`,
    fields: [
      { id: 'hc-email', name: 'email', type: 'email', label: 'Email', autocomplete: 'username' },
      {
        id: 'hc-password',
        name: 'password',
        type: 'password',
        label: 'Password',
        autocomplete: 'current-password',
      },
    ],
    submit: 'Sign in',
  }),
  password: (_site, path) => ({
    title: 'Password required',
    heading: 'This help center is protected',
    action: `${path.base}/password`,
    fields: [{ id: 'hc-site-password', name: 'password', type: 'password', label: 'Password' }],
    submit: 'Continue',
    after: h('p', {}, h('a', { href: `${path.base}/signin` }, 'Team members sign in')).value,
  }),
};

interface FormField {
  id: string;
  name: string;
  type: string;
  label: string;
  autocomplete?: string;
}

/** A form of the gate, as it is whatever the error. */
interface Form {
  title: string;
  heading: string;
  intro?: string;
  action: string;
  fields: FormField[];
  submit: string;
  after?: string;
}

/** The sign-in and password pages: one labelled form that returns to the page asked for. */
function formPage(
  req: Request,
  res: Response,
  site: ReaderSite,
  path: ReaderPath,
  status: number,
  form: Form & { error: string | null },
): void {
  // Back to the page that asked for it; from the sign-in page itself, to the site's home.
  const own = path.segments[0] === 'signin';
  const next = req.method === 'GET' && !own ? req.originalUrl : path.base || '/';
  const fields = form.fields.map((f) =>
    h(
      'p',
      {},
      h('label', { for: f.id }, f.label),
      h('input', {
        id: f.id,
        name: f.name,
        type: f.type,
        required: true,
        ...(f.autocomplete ? { autocomplete: f.autocomplete } : {}),
      }),
    ),
  );
  send(
    res,
    status,
    plainPage({
      lang: path.lang ?? site.defaultLanguage,
      title: form.title,
      siteName: site.name,
      body: raw(
        h('h1', {}, form.heading).value +
          (form.intro ? h('p', {}, form.intro).value : '') +
          (form.error ? h('p', { role: 'alert', class: 'hc-error' }, form.error).value : '') +
          h(
            'form',
            { method: 'post', action: form.action },
            h('input', { type: 'hidden', name: 'next', value: next }),
            h('input', { type: 'hidden', name: 'csrf', value: formToken(req, res) }),
            ...fields,
            h('button', { type: 'submit' }, form.submit),
          ).value +
          (form.after ?? ''),
      ),
    }),
  );
}

/** The gate's refusals (spec 2.2): a plain page whose only content is its heading. */
const REFUSALS = {
  unknown: { status: 404, title: 'Not found', heading: 'This help center does not exist.' },
  suspended: {
    status: 403,
    title: 'Unavailable',
    heading: 'This help center is not available at the moment.',
  },
  outsideAllowlist: {
    status: 403,
    title: 'Restricted',
    heading: 'This help center can only be read from its allowed networks.',
  },
};

/** Sends a refusal; without a site (an unknown one) the page is the generic Help Center's. */
function refuse(
  res: Response,
  reason: keyof typeof REFUSALS,
  site: ReaderSite | null,
  lang: string,
): void {
  const { status, title, heading } = REFUSALS[reason];
  const siteName = site?.name ?? 'Help Center';
  send(res, status, plainPage({ lang, title, siteName, body: h('h1', {}, heading) }));
}

export function send(res: Response, status: number, html: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'private, no-store');
  res.send(html);
}
