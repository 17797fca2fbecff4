import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { checkPassword } from '@hc/auth';
import { PasswordThrottle, tooManyPasswordAttemptsMessage } from '@hc/http';
import type { ThrottledAttempt } from '@hc/http';
import { FEEDBACK_RATINGS } from '@hc/data';
import type { FeedbackRating } from '@hc/data';
import { articlePath } from '../render/context';
import { h } from '../render/html';
import { plainPage } from '../render/page';
import { ContentRepository } from '../pages/content.repository';
import { bodyString, queryString, refId } from '../pages/reader-request';
import { mayRead, ReaderService } from '../pages/reader.service';
import { cookie, SESSION_COOKIE, setCookie, validForm } from '../site/access';
import { Admitted, GateService, send } from '../site/gate.service';
import { SiteRepository } from '../site/site.repository';
import { ActivityRepository } from './activity.repository';

const TEXT_MAX = 5000;
const NAME_MAX = 191;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SESSION_SECONDS = 7 * 86_400;
/** Longer sign-in input is refused before any lookup or hashing. */
const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;

type FormPage = (
  req: Request,
  res: Response,
  site: Admitted['site'],
  path: Admitted['path'],
  error: string | null,
  status: number,
) => void;

/** A refused password form: 401 with the one message, or 429 with `Retry-After` (issue #15). */
function refuse(
  req: Request,
  res: Response,
  admitted: Admitted,
  result: Exclude<ThrottledAttempt<unknown>, { outcome: 'ok' }>,
  message: string,
  page: FormPage,
): void {
  if (result.outcome === 'throttled') {
    res.setHeader('Retry-After', String(result.retryAfterSeconds));
    const text = tooManyPasswordAttemptsMessage(result.retryAfterSeconds);
    page(req, res, admitted.site, admitted.path, text, 429);
    return;
  }
  page(req, res, admitted.site, admitted.path, message, 401);
}

/** The reader site's forms: rating, comment, contact, sign-in, site password, sign-out. */
@Injectable()
export class ActionsService {
  constructor(
    private readonly gate: GateService,
    private readonly sites: SiteRepository,
    private readonly content: ContentRepository,
    private readonly activity: ActivityRepository,
    private readonly pages: ReaderService,
    private readonly throttle: PasswordThrottle,
  ) {}

  async post(req: Request, res: Response): Promise<void> {
    const open = /\/(signin|password|signout)$/.test(req.path);
    const admitted = await this.gate.admit(req, res, { open });
    if (!admitted) return;
    // Every reader form is posted from this origin with this browser's token (issue #14); an
    // anonymous reader's, from a page all of them share, by its origin alone (issue #28).
    if (!validForm(req, !open && admitted.session === null)) return this.expired(res, admitted);
    const [route, ref, action, ...rest] = admitted.path.segments;
    if (rest.length === 0 && admitted.path.lang !== null) {
      if (route === 'articles' && ref && action === 'feedback')
        return this.feedback(req, res, admitted, ref);
      if (route === 'articles' && ref && action === 'comments')
        return this.comment(req, res, admitted, ref);
      if (route === 'contact' && !ref) return this.contact(req, res, admitted);
      if (route === 'signin' && !ref) return this.signIn(req, res, admitted);
      if (route === 'password' && !ref) return this.password(req, res, admitted);
      if (route === 'signout' && !ref) return this.signOut(req, res, admitted);
    }
    send(
      res,
      404,
      plainPage({
        lang: admitted.site.defaultLanguage,
        title: 'Not found',
        siteName: admitted.site.name,
        body: h('h1', {}, 'Not found'),
      }),
    );
  }

  /** The article a form posts to, when this reader may read it (else the 404 page is sent). */
  private async readable(req: Request, res: Response, admitted: Admitted, ref: string) {
    const id = refId(ref);
    const article = id === null ? null : await this.content.article(admitted.site.id, id);
    if (!article || !mayRead(article, admitted, queryString(req, 'token'))) {
      await this.pages.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, false);
      return null;
    }
    return article;
  }

  private siteLang(admitted: Admitted, value: string | null): string {
    const { site } = admitted;
    return value && [site.defaultLanguage, ...site.languages].includes(value)
      ? value
      : site.defaultLanguage;
  }

  private back(
    req: Request,
    admitted: Admitted,
    articleId: number,
    slug: string,
    extra: string,
    anchor: string,
  ): string {
    const token = queryString(req, 'token');
    const q = [token ? `token=${encodeURIComponent(token)}` : '', extra].filter(Boolean).join('&');
    return `${admitted.path.base}${admitted.path.langPrefix}${articlePath({ id: articleId, slug })}${q ? `?${q}` : ''}#${anchor}`;
  }

  /** #8's feedback rules: a rating of the three kinds; an unknown language is the default. */
  private async feedback(req: Request, res: Response, admitted: Admitted, ref: string) {
    const article = await this.readable(req, res, admitted, ref);
    if (!article) return;
    const rating = bodyString(req, 'rating');
    const lang = this.siteLang(admitted, bodyString(req, 'lang'));
    const slug = article.translations.find((t) => t.lang === admitted.path.lang)?.slug ?? '';
    if (!rating || !(FEEDBACK_RATINGS as readonly string[]).includes(rating)) {
      send(
        res,
        422,
        plainPage({
          lang,
          title: 'Feedback',
          siteName: admitted.site.name,
          body: h(
            'p',
            { role: 'alert' },
            'Choose one of the answers.',
            ' ',
            h(
              'a',
              { href: this.back(req, admitted, article.id, slug, '', 'hc-feedback') },
              'Back to the article',
            ),
          ),
        }),
      );
      return;
    }
    const message = (bodyString(req, 'message') ?? '').trim();
    await this.activity.recordFeedback(
      admitted.site.id,
      article.id,
      lang,
      rating as FeedbackRating,
      message ? [...message].slice(0, TEXT_MAX).join('') : null,
    );
    res.redirect(303, this.back(req, admitted, article.id, slug, 'rated=1', 'hc-feedback'));
  }

  /** A reader comment into #8's moderation flow (pending while the site moderates). */
  private async comment(req: Request, res: Response, admitted: Admitted, ref: string) {
    const article = await this.readable(req, res, admitted, ref);
    if (!article) return;
    const name = (bodyString(req, 'name') ?? '').trim();
    const email = (bodyString(req, 'email') ?? '').trim().toLowerCase();
    const text = (bodyString(req, 'text') ?? '').trim();
    let error: string | null = null;
    if (!name) error = 'The name field is required.';
    else if ([...name].length > NAME_MAX)
      error = `The name field must not be greater than ${NAME_MAX} characters.`;
    else if (!email || email.length > NAME_MAX || !EMAIL.test(email))
      error = 'The email field must be a valid email address.';
    else if (!text) error = 'The text field is required.';
    else if ([...text].length > TEXT_MAX)
      error = `The text field must not be greater than ${TEXT_MAX} characters.`;
    let parentId: number | null = null;
    let lang = this.siteLang(admitted, bodyString(req, 'lang'));
    const rawParent = bodyString(req, 'parent_id');
    if (!error && rawParent) {
      const parent = /^\d{1,10}$/.test(rawParent)
        ? await this.activity.parentComment(admitted.site.id, article.id, Number(rawParent))
        : null;
      if (!parent) error = 'The selected parent id is invalid.';
      else {
        parentId = parent.id;
        lang = parent.lang;
      }
    }
    if (error) {
      await this.pages.article(req, res, admitted, ref, false, `comment-error:${error}`, 422);
      return;
    }
    const status = await this.activity.insertComment(admitted.site.id, {
      articleId: article.id,
      parentId,
      lang,
      name,
      email,
      text,
      ip: req.ip ?? null,
    });
    const slug = article.translations.find((t) => t.lang === admitted.path.lang)?.slug ?? '';
    res.redirect(
      303,
      this.back(req, admitted, article.id, slug, `comment=${status}`, 'hc-comments'),
    );
  }

  /** The contact form: stored and delivered as a `contact.submitted` event. */
  private async contact(req: Request, res: Response, admitted: Admitted) {
    const values = {
      name: (bodyString(req, 'name') ?? '').trim(),
      email: (bodyString(req, 'email') ?? '').trim(),
      subject: (bodyString(req, 'subject') ?? '').trim(),
      message: (bodyString(req, 'message') ?? '').trim(),
    };
    const errors: string[] = [];
    if (bodyString(req, 'require_name') === '1' && !values.name)
      errors.push('The name field is required.');
    if ([...values.name].length > NAME_MAX)
      errors.push(`The name field must not be greater than ${NAME_MAX} characters.`);
    if (values.email.length > NAME_MAX || !EMAIL.test(values.email))
      errors.push('The email field must be a valid email address.');
    if ([...values.subject].length > NAME_MAX)
      errors.push(`The subject field must not be greater than ${NAME_MAX} characters.`);
    if (!values.message) errors.push('The message field is required.');
    else if ([...values.message].length > TEXT_MAX)
      errors.push(`The message field must not be greater than ${TEXT_MAX} characters.`);
    if (errors.length) {
      await this.pages.render(
        req,
        res,
        admitted,
        'contact',
        { kind: 'contact', sent: false, errors, values },
        422,
        false,
      );
      return;
    }
    await this.activity.insertContact(admitted.site, {
      lang: admitted.path.lang!,
      name: values.name || null,
      email: values.email.toLowerCase(),
      subject: values.subject || null,
      message: values.message,
    });
    res.redirect(303, `${admitted.path.base}${admitted.path.langPrefix}/contact?sent=1`);
  }

  private next(req: Request, admitted: Admitted): string {
    const next = bodyString(req, 'next');
    const base = admitted.path.base;
    const inside =
      next !== null &&
      (next === base || next.startsWith(`${base}/`) || next.startsWith(`${base}?`)) &&
      !next.startsWith('//') &&
      !next.includes('\\');
    return inside ? next : base || '/';
  }

  /**
   * A team member signs in with their account (users.password_hash); members only. An unknown
   * email, a wrong password and a non-member answer alike (issue #15: no password oracle), after
   * the same hashing work, under the shared password budget of the account and address.
   */
  private async signIn(req: Request, res: Response, admitted: Admitted) {
    const email = (bodyString(req, 'email') ?? '').trim().toLowerCase();
    const password = bodyString(req, 'password') ?? '';
    const result = await this.throttle.attempt(`user:${email}`, req.ip, async () => {
      if (!email || !password || email.length > EMAIL_MAX || password.length > PASSWORD_MAX)
        return null;
      const user = await this.sites.userForSignIn(admitted.site.id, email);
      const valid = await checkPassword(password, user?.passwordHash);
      return valid && user?.role ? user : null;
    });
    if (result.outcome !== 'ok') {
      const page = this.gate.signInPage.bind(this.gate);
      refuse(req, res, admitted, result, 'The email or password is not correct.', page);
      return;
    }
    await this.startSession(req, res, admitted, result.value.id);
  }

  private async password(req: Request, res: Response, admitted: Admitted) {
    const password = bodyString(req, 'password') ?? '';
    const hash = admitted.site.passwordHash;
    const result = await this.throttle.attempt(`site:${admitted.site.id}`, req.ip, async () => {
      if (admitted.site.visibility !== 'password' || !password || password.length > PASSWORD_MAX)
        return null;
      return (await checkPassword(password, hash)) ? true : null;
    });
    if (result.outcome !== 'ok') {
      const page = this.gate.passwordPage.bind(this.gate);
      refuse(req, res, admitted, result, 'The password is not correct.', page);
      return;
    }
    await this.startSession(req, res, admitted, null);
  }

  private async startSession(
    req: Request,
    res: Response,
    admitted: Admitted,
    userId: number | null,
  ) {
    await this.sites.purgeExpiredAcrossSites();
    const token = await this.sites.openSession(admitted.site.id, userId);
    setCookie(req, res, SESSION_COOKIE, token, {
      path: admitted.path.base || '/',
      maxAgeSeconds: SESSION_SECONDS,
    });
    res.redirect(303, this.next(req, admitted));
  }

  /** A form post without this browser's token, or from another origin: nothing is changed. */
  private expired(res: Response, admitted: Admitted): void {
    send(
      res,
      403,
      plainPage({
        lang: admitted.path.lang ?? admitted.site.defaultLanguage,
        title: 'Form expired',
        siteName: admitted.site.name,
        body: h('h1', {}, 'The form expired. Reload the page and try again.'),
      }),
    );
  }

  private async signOut(req: Request, res: Response, admitted: Admitted) {
    const token = cookie(req, SESSION_COOKIE, admitted.path.base || '/');
    if (token) await this.sites.closeSession(admitted.site.id, token);
    setCookie(req, res, SESSION_COOKIE, '', { path: admitted.path.base || '/', maxAgeSeconds: 0 });
    res.redirect(303, admitted.path.base || '/');
  }
}
