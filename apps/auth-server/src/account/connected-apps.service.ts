import { Inject, Injectable } from '@nestjs/common';
import { formatB } from '@hc/contracts';
import type { ConnectionView } from '../pages/pages';
import { ConnectionsRepository, PersonRow } from '../storage/connections.repository';
import { TokensRepository } from '../storage/tokens.repository';

/** Which connection the route names: the person's own, or any of the account as its owner. */
export interface ConnectionRef {
  userId: number;
  clientId: string;
}

/**
 * Connected apps (spec 5.2): a person's connections (the account owner every connection of the
 * account), the sites a connection shares, and disconnecting (everything of that app for that
 * person revoked at once).
 */
@Injectable()
export class ConnectedAppsService {
  constructor(
    @Inject(ConnectionsRepository) private readonly connections: ConnectionsRepository,
    @Inject(TokensRepository) private readonly tokens: TokensRepository,
  ) {}

  /** What the page shows `person`: the connections they may manage and the sites they own. */
  async page(person: PersonRow) {
    const connections = await this.connections.visibleTo(person);
    const sites = await this.connections.ownedSites(person.account_id);
    const views: ConnectionView[] = connections.map((c) => ({
      userId: c.userId,
      clientId: c.clientId,
      clientName: c.clientName,
      personEmail: c.personEmail ?? '',
      scopes: c.scopes,
      siteIds: c.siteIds,
      connectedAt: formatB(c.createdAt),
    }));
    return { connections: views, sites };
  }

  /** The connection `ref` if `person` may manage it, else null. */
  async manageable(person: PersonRow, ref: ConnectionRef): Promise<ConnectionRef | null> {
    const visible = await this.connections.visibleTo(person);
    const found = visible.find((c) => c.userId === ref.userId && c.clientId === ref.clientId);
    return found ? { userId: found.userId, clientId: found.clientId } : null;
  }

  /** Shares the picked sites that the connecting person's account owns (the rest are ignored). */
  async saveSites(connection: ConnectionRef, picked: number[]): Promise<void> {
    const owner = await this.connections.person(connection.userId);
    const owned = new Set(
      (await this.connections.ownedSites(owner?.account_id ?? -1)).map((s) => s.id),
    );
    const sites = [...new Set(picked.filter((id) => owned.has(id)))].sort((a, b) => a - b);
    await this.connections.updateSites(connection.userId, connection.clientId, sites);
  }

  async disconnect(connection: ConnectionRef): Promise<void> {
    await this.tokens.revokeConnection(connection.clientId, connection.userId);
    await this.connections.remove(connection.userId, connection.clientId);
  }
}
