import { Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { formatB } from '@hc/contracts';
import { fieldList, FormRequest } from '../pages/forms';
import { connectedAppsPage, FORM_EXPIRED } from '../pages/pages';
import { ConnectionsRepository, PersonRow } from '../oauth/connections.repository';
import { TokensRepository } from '../oauth/tokens.repository';
import type { DashboardSession } from './dashboard-sessions.repository';
import { SessionService } from './session.service';
import { SignedIn, signedIn } from './signed-in';
import { PublicController } from '../public-controller';

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
    @Inject(ConnectionsRepository) private readonly connections: ConnectionsRepository,
    @Inject(TokensRepository) private readonly tokens: TokensRepository,
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
    const owner = await this.connections.person(connection.userId);
    const owned = new Set(
      (await this.connections.ownedSites(owner?.account_id ?? -1)).map((s) => s.id),
    );
    const picked = fieldList(req, 'site')
      .map(Number)
      .filter((id) => owned.has(id));
    await this.connections.updateSites(
      connection.userId,
      connection.clientId,
      [...new Set(picked)].sort((a, b) => a - b),
    );
    res.redirect(303, `${PAGE}?done=saved`);
  }

  @Post('connected-apps/:userId/:clientId/disconnect')
  async disconnect(@Req() req: FormRequest, @Res() res: Response) {
    const connection = await this.manageable(req, res);
    if (!connection) return;
    await this.tokens.revokeConnection(connection.clientId, connection.userId);
    await this.connections.remove(connection.userId, connection.clientId);
    res.redirect(303, `${PAGE}?done=disconnected`);
  }

  private signedIn(req: Request, res: Response): Promise<SignedIn | null> {
    return signedIn(this.session, this.connections, req, res, PAGE);
  }

  /**
   * The connection of the route's `:userId/:clientId` if the signed-in person may manage it (their
   * own, or any of the account as owner); else the answer is sent and the result is null.
   */
  private async manageable(req: FormRequest, res: Response) {
    const me = await this.signedIn(req, res);
    if (!me) return null;
    const { person, session } = me;
    const userId = Number(req.params.userId);
    const clientId = req.params.clientId;
    // This session's own token, compared in constant time, from the platform origin.
    if (!this.session.validForm(req, session)) {
      res
        .status(403)
        .type('html')
        .send(await this.render(person, session, undefined, FORM_EXPIRED));
      return null;
    }
    const visible = await this.connections.visibleTo(person);
    const connection = visible.find((c) => c.userId === userId && c.clientId === clientId);
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
    const connections = await this.connections.visibleTo(person);
    const sites = await this.connections.ownedSites(person.account_id);
    return connectedAppsPage({
      connections: connections.map((c) => ({
        userId: c.userId,
        clientId: c.clientId,
        clientName: c.clientName,
        personEmail: c.personEmail ?? '',
        scopes: c.scopes,
        siteIds: c.siteIds,
        connectedAt: formatB(c.createdAt),
      })),
      sites,
      csrf: session.csrfToken,
      notice,
      error,
    });
  }
}
