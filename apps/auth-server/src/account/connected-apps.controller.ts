import { Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicController } from '@hc/auth';
import { fieldList, FormRequest } from '../pages/forms';
import { connectedAppsPage, FORM_EXPIRED } from '../pages/pages';
import type { PersonRow } from '../storage/connections.repository';
import { ConnectedAppsService } from './connected-apps.service';
import type { DashboardSession } from './dashboard-sessions.repository';
import { SessionService, SignedIn } from './session.service';

const PAGE = '/app/account/connected-apps';

/**
 * Connected apps at {dashboard_url}/app/account/connected-apps (spec 5.2): a person sees their
 * connections (the account owner every connection of the account), changes the shared sites
 * (next request with the same token), disconnects (everything of that app for that person
 * revoked at once).
 */
@PublicController('app/account')
export class ConnectedAppsController {
  constructor(
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(ConnectedAppsService) private readonly apps: ConnectedAppsService,
  ) {}

  @Get('connected-apps')
  async list(@Req() req: Request, @Res() res: Response, @Query('done') done?: string) {
    const me = await this.signedIn(req, res);
    if (!me) return;
    const { person, session } = me;
    const notice =
      done === 'disconnected'
        ? 'The app was disconnected.'
        : done === 'saved'
          ? 'Shared help centers saved.'
          : undefined;
    res.type('html').send(await this.render(person, session, notice));
  }

  @Post('connected-apps/:userId/:clientId/sites')
  async saveSites(@Req() req: FormRequest, @Res() res: Response) {
    const connection = await this.manageable(req, res);
    if (!connection) return;
    await this.apps.saveSites(connection, fieldList(req, 'site').map(Number));
    res.redirect(303, `${PAGE}?done=saved`);
  }

  @Post('connected-apps/:userId/:clientId/disconnect')
  async disconnect(@Req() req: FormRequest, @Res() res: Response) {
    const connection = await this.manageable(req, res);
    if (!connection) return;
    await this.apps.disconnect(connection);
    res.redirect(303, `${PAGE}?done=disconnected`);
  }

  private signedIn(req: Request, res: Response): Promise<SignedIn | null> {
    return this.session.signedIn(req, res, PAGE);
  }

  /**
   * The connection of the route's `:userId/:clientId` if the signed-in person may manage it (their
   * own, or any of the account as owner); else the answer is sent and the result is null.
   */
  private async manageable(req: FormRequest, res: Response) {
    const me = await this.signedIn(req, res);
    if (!me) return null;
    const { person, session } = me;
    // This session's own token, compared in constant time, from the platform origin.
    if (!this.session.validForm(req, session)) {
      res
        .status(403)
        .type('html')
        .send(await this.render(person, session, undefined, FORM_EXPIRED));
      return null;
    }
    const connection = await this.apps.manageable(person, {
      userId: Number(req.params.userId),
      clientId: String(req.params.clientId),
    });
    if (!connection) {
      res
        .status(404)
        .type('html')
        .send(await this.render(person, session, undefined, 'No such connected app.'));
      return null;
    }
    return connection;
  }

  private async render(
    person: PersonRow,
    session: DashboardSession,
    notice?: string,
    error?: string,
  ): Promise<string> {
    return connectedAppsPage({
      ...(await this.apps.page(person)),
      csrf: session.csrfToken,
      notice,
      error,
    });
  }
}
