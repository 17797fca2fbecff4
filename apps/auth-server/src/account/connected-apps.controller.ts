import { Body, Delete, Get, Inject, Param, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PublicController, sessionRequestAllowed } from '@hc/auth';
import { fieldError, notFound, unauthorized } from '@hc/contracts';
import type { PersonRow } from '../storage/connections.repository';
import { ConnectedAppsService, ConnectionRef } from './connected-apps.service';
import { SessionService } from './session.service';

/**
 * Connected apps (spec 5.2) as JSON for the dashboard's screen at
 * {dashboard_url}/app/account/connected-apps (issue 38): a person's connections (the account
 * owner every connection of the account), changing the shared sites (next request with the same
 * token), disconnecting (everything of that app for that person revoked at once). The dashboard
 * session's rules, the credential guard's own check: same-origin only, `X-CSRF-Token` equal to
 * the session's token, reads included; otherwise 401 and nothing happens.
 */
@PublicController('app/account/connections')
export class ConnectedAppsController {
  constructor(
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(ConnectedAppsService) private readonly apps: ConnectedAppsService,
  ) {}

  @Get()
  async list(@Req() req: Request) {
    return this.listFor(await this.person(req));
  }

  /** The answer of every route: the connections the person manages, after the change. */
  private async listFor(person: PersonRow) {
    const { connections, sites } = await this.apps.page(person);
    return {
      data: connections.map((c) => ({
        user_id: c.userId,
        client_id: c.clientId,
        client_name: c.clientName,
        person_email: c.personEmail,
        scopes: c.scopes,
        site_ids: c.siteIds,
        connected_at: c.connectedAt,
      })),
      sites: sites.map((s) => ({ id: s.id, name: s.name, subdomain: s.subdomain })),
    };
  }

  @Put(':userId/:clientId/sites')
  async saveSites(
    @Req() req: Request,
    @Param('userId') userId: string,
    @Param('clientId') clientId: string,
    @Body() body: unknown,
  ) {
    const picked = (body as { site_ids?: unknown } | null)?.site_ids;
    const { person, connection } = await this.manageable(req, userId, clientId);
    if (!Array.isArray(picked) || !picked.every((id) => Number.isSafeInteger(id)))
      throw fieldError('site_ids', 'The site ids field must be a list of site ids.');
    await this.apps.saveSites(connection, picked as number[]);
    return this.listFor(person);
  }

  @Delete(':userId/:clientId')
  async disconnect(
    @Req() req: Request,
    @Param('userId') userId: string,
    @Param('clientId') clientId: string,
  ) {
    const { person, connection } = await this.manageable(req, userId, clientId);
    await this.apps.disconnect(connection);
    return this.listFor(person);
  }

  /** The signed-in person of a request the dashboard session allows, else 401. */
  private async person(req: Request): Promise<PersonRow> {
    const me = await this.session.fromRequest(req);
    if (!me || !sessionRequestAllowed(req, me.session.csrfToken)) throw unauthorized();
    return me.person;
  }

  /** The named connection if the person may manage it (their own, or any as account owner). */
  private async manageable(req: Request, userId: string, clientId: string) {
    const person = await this.person(req);
    const ref: ConnectionRef = { userId: Number(userId), clientId };
    const connection = await this.apps.manageable(person, ref);
    if (!connection) throw notFound('No such connected app.');
    return { person, connection };
  }
}
