import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FEEDBACK_RATINGS } from '@hc/data';
import type { FeedbackRating } from '@hc/data';
import { articlePath } from '../render/context';
import { h } from '../render/html';
import { plainPage } from '../render/page';
import { ArticlePageService } from '../pages/article-page.service';
import { ContentRepository } from '../data/content.repository';
import { mayRead } from '../serving/may-read';
import { PageRenderer } from '../serving/page-renderer';
import { bodyString, queryString, refId } from '../http/reader-request';
import { Admitted, send } from '../site/gate.service';
import { ActivityRepository } from '../data/activity.repository';

const TEXT_MAX = 5000;
const NAME_MAX = 191;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What readers send the site: ratings and comments on an article, and the contact form. */
@Injectable()
export class SubmissionsService {
  constructor(
    private readonly content: ContentRepository,
    private readonly activity: ActivityRepository,
    private readonly renderer: PageRenderer,
    private readonly articles: ArticlePageService,
  ) {}

  /** #8's feedback rules: a rating of the three kinds; an unknown language is the default. */
  async feedback(req: Request, res: Response, admitted: Admitted, ref: string): Promise<void> {
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
  async comment(req: Request, res: Response, admitted: Admitted, ref: string): Promise<void> {
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
      await this.articles.article(req, res, admitted, ref, false, `comment-error:${error}`, 422);
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
  async contact(req: Request, res: Response, admitted: Admitted): Promise<void> {
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
      await this.renderer.render(
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

  /** The article a form posts to, when this reader may read it (else the 404 page is sent). */
  private async readable(req: Request, res: Response, admitted: Admitted, ref: string) {
    const id = refId(ref);
    const article = id === null ? null : await this.content.article(admitted.site.id, id);
    if (!article || !mayRead(article, admitted, queryString(req, 'token'))) {
      await this.renderer.notFound(req, res, admitted, false);
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

  /** The article page again, at the form's anchor, keeping the share token. */
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
}
