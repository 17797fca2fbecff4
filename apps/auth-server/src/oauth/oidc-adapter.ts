import type { ClientsService } from '../storage/clients.service';
import { oidcErrors } from './oidc-module';
import { requestScope } from './request-scope';
import type { TokensRepository } from '../storage/tokens.repository';

/**
 * oidc-provider's storage adapter over MySQL: one class per model, built per provider. Clients
 * are read from ClientsService (written there only); everything else is a token payload row.
 */
export function mysqlAdapter(tokens: TokensRepository, clients: ClientsService) {
  return class MySqlAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
      if (this.model === 'Client') return; // clients are written by ClientsService only
      await tokens.upsertPayload(this.model, id, payload, expiresIn);
      if (this.model === 'RefreshToken') {
        // Link the access token issued with this refresh token (rotation revokes both).
        const scope = requestScope.getStore();
        if (scope?.pendingAccessTokenId) {
          await tokens.linkRefreshToken(scope.pendingAccessTokenId, id);
          scope.pendingAccessTokenId = undefined;
        }
      }
    }

    async find(id: string): Promise<Record<string, unknown> | undefined> {
      if (this.model === 'Client')
        return (await clients.find(id)) as Record<string, unknown> | undefined;
      return tokens.findPayload(this.model, 'id', id);
    }

    async findByUid(uid: string) {
      return tokens.findPayload(this.model, 'uid', uid);
    }

    async findByUserCode() {
      return undefined;
    }

    async consume(id: string) {
      // The provider checks `consumed` before calling this, so parallel redemptions all get
      // here: only the one whose conditional write changed the row goes on (issue #15).
      if (!(await tokens.consumePayload(this.model, id))) {
        throw new oidcErrors.InvalidGrant(
          this.model === 'RefreshToken'
            ? 'refresh token already used'
            : 'authorization code already consumed',
        );
      }
    }

    async destroy(id: string) {
      await tokens.destroyPayload(this.model, id);
    }

    async revokeByGrantId(grantId: string) {
      await tokens.revokeByGrantId(this.model, grantId);
    }
  };
}
