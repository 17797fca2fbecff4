import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { h } from '../render/html';
import { plainPage } from '../render/page';
import { validForm } from '../http/access';
import { Admitted, GateService, send } from '../site/gate.service';
import { SessionFormsService } from '../site/session-forms.service';
import { SubmissionsService } from './submissions.service';

/**
 * The reader site's forms: rating, comment, contact, sign-in, site password, sign-out. Admits
 * the reader, checks the form's origin and token, and hands the route to the form's handler.
 */
@Injectable()
export class ActionsService {
  constructor(
    private readonly gate: GateService,
    private readonly submissions: SubmissionsService,
    private readonly sessions: SessionFormsService,
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
        return this.submissions.feedback(req, res, admitted, ref);
      if (route === 'articles' && ref && action === 'comments')
        return this.submissions.comment(req, res, admitted, ref);
      if (route === 'contact' && !ref) return this.submissions.contact(req, res, admitted);
      if (route === 'signin' && !ref) return this.sessions.signIn(req, res, admitted);
      if (route === 'password' && !ref) return this.sessions.password(req, res, admitted);
      if (route === 'signout' && !ref) return this.sessions.signOut(req, res, admitted);
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
}
