import { Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicController } from '@hc/auth';
import { SessionService } from '../account/session.service';
import { field, fieldList, FormRequest } from '../pages/forms';
import { FORM_EXPIRED, signInPage } from '../pages/pages';
import { DESCRIPTIONS } from '../oauth/oauth-errors';
import { ConsentService } from './consent.service';
import { InteractionSteps } from './interaction-steps.service';

/** The consent page of the authorization flow (spec 4.13): which app, which scopes, which sites. */
@PublicController('consent')
export class ConsentController {
  constructor(
    @Inject(InteractionSteps) private readonly steps: InteractionSteps,
    @Inject(ConsentService) private readonly consent: ConsentService,
    @Inject(SessionService) private readonly session: SessionService,
  ) {}

  @Get(':uid')
  async consentForm(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    const details = await this.steps.details(req, res, uid, 'consent');
    if (!details) return;
    res.type('html').send(await this.consent.page(req, res, details));
  }

  @Post(':uid')
  async consentSubmit(@Param('uid') uid: string, @Req() req: FormRequest, @Res() res: Response) {
    const details = await this.steps.details(req, res, uid, 'consent');
    if (!details) return;
    // Nothing approves a grant but this page's own form (issue #14: not a reader page).
    if (!(await this.session.validPreSessionForm(req, `interaction:${details.uid}`))) {
      res
        .status(403)
        .type('html')
        .send(await this.consent.page(req, res, details, FORM_EXPIRED));
      return;
    }
    if (field(req, 'decision') !== 'approve') {
      const denied = { error: 'access_denied', error_description: DESCRIPTIONS.access_denied };
      await this.steps.finish(req, res, denied, false);
      return;
    }
    const userId = Number(details.session?.accountId);
    const sites = await this.consent.sites(userId, details);
    if (!sites) {
      const csrf = await this.session.formToken(req, res, 'signin');
      res.status(401).type('html').send(signInPage('/signin', { csrf }));
      return;
    }
    const eligible = sites.filter((s) => s.eligible);
    let chosen: number[];
    if (sites.length === 1) {
      chosen = eligible.map((s) => s.id);
    } else {
      const picked = new Set(fieldList(req, 'site').map(Number));
      chosen = eligible.filter((s) => picked.has(s.id)).map((s) => s.id);
      if (eligible.length > 0 && chosen.length === 0) {
        res
          .status(422)
          .type('html')
          .send(await this.consent.page(req, res, details, 'Choose at least one help center.'));
        return;
      }
    }
    const grantId = await this.consent.approve(details, userId, sites, chosen);
    await this.steps.finish(req, res, { consent: { grantId } }, true);
  }
}
