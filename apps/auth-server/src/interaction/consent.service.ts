import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SCOPES } from '@hc/contracts';
import { SessionService } from '../account/session.service';
import { consentPage } from '../pages/pages';
import { CLIENT_ONLY_RESOURCE } from '../oauth/access-token';
import { ClientsService } from '../storage/clients.service';
import { ConnectionsRepository } from '../storage/connections.repository';
import type { InteractionDetails } from '../oauth/oidc-module';
import { allowedResources, CONNECT_SCOPE, OidcService } from '../oauth/oidc.service';

type EligibleSite = Awaited<ReturnType<OidcService['eligibleSites']>>[number];

function knownScopes(scope: unknown): string[] {
  return String(scope ?? '')
    .split(' ')
    .filter((s) => (SCOPES as readonly string[]).includes(s));
}

/** The consent step of spec 4.13: the page, and the grant and connection an approval writes. */
@Injectable()
export class ConsentService {
  constructor(
    @Inject(OidcService) private readonly oidc: OidcService,
    @Inject(ConnectionsRepository) private readonly people: ConnectionsRepository,
    @Inject(ClientsService) private readonly clients: ClientsService,
    @Inject(SessionService) private readonly session: SessionService,
  ) {}

  /**
   * The sites the person could share with the client for the requested resource; null when the
   * person no longer exists.
   */
  async sites(userId: number, details: InteractionDetails): Promise<EligibleSite[] | null> {
    const person = await this.people.person(userId);
    if (!person) return null;
    return this.oidc.eligibleSites(
      person.account_id,
      details.params.resource as string | undefined,
    );
  }

  async page(
    req: Request,
    res: Response,
    details: InteractionDetails,
    error?: string,
  ): Promise<string> {
    const userId = Number(details.session?.accountId);
    const clientId = String(details.params.client_id);
    const client = await this.clients.find(clientId);
    const previous = await this.people.find(userId, clientId);
    const sites = (await this.sites(userId, details)) ?? [];
    return consentPage(`/consent/${encodeURIComponent(details.uid)}`, {
      csrf: await this.session.formToken(req, res, `interaction:${details.uid}`),
      clientName: client?.client_name ?? clientId,
      scopes: knownScopes(details.params.scope),
      error,
      sites: sites.map((s) => ({
        id: s.id,
        name: s.name,
        subdomain: s.subdomain,
        eligible: s.eligible,
        checked: s.eligible && (previous?.siteIds.includes(s.id) ?? false),
      })),
    });
  }

  /**
   * Saves the grant and the connection of an approval, and returns the grant id. Permissions are
   * all or nothing (spec 4.13): every requested scope, for every resource.
   */
  async approve(
    details: InteractionDetails,
    userId: number,
    sites: EligibleSite[],
    chosen: number[],
  ): Promise<string> {
    const provider = await this.oidc.provider();
    const clientId = String(details.params.client_id);
    const asked = String(details.params.scope ?? '').split(' ');
    const requested = knownScopes(details.params.scope);
    const granted = asked.filter(
      (s) => (SCOPES as readonly string[]).includes(s) || s === CONNECT_SCOPE,
    );
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId: String(userId), clientId });
    // Every scope is a static provider scope, so the grant holds them as OIDC scopes as well.
    if (granted.length) grant.addOIDCScope(granted.join(' '));
    const missingClaims = (details.prompt.details.missingOIDCClaims as string[] | undefined) ?? [];
    if (missingClaims.length) grant.addOIDCClaims(missingClaims);
    for (const r of [...allowedResources(), CLIENT_ONLY_RESOURCE]) {
      if (granted.length) grant.addResourceScope(r, granted.join(' '));
    }
    const grantId: string = await grant.save();
    const previous = await this.people.find(userId, clientId);
    const client = await this.clients.find(clientId);
    // Sites of another kind (tool-server-less plans) stay shared if they were before.
    const kept = (previous?.siteIds ?? []).filter((id) =>
      sites.some((s) => s.id === id && !s.eligible),
    );
    await this.people.save({
      userId,
      clientId,
      grantId,
      clientName: client?.client_name ?? clientId,
      scopes: [...new Set([...(previous?.scopes ?? []), ...requested])],
      siteIds: [...new Set([...kept, ...chosen])].sort((a, b) => a - b),
    });
    return grantId;
  }
}
