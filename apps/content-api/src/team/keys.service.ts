import { Injectable } from '@nestjs/common';
import {
  API_KEY_SCOPES,
  apiError,
  canManageKeys,
  CommonErrorCode,
  fieldError,
  messages,
} from '@hc/contracts';
import type { ApiKeyScope } from '@hc/contracts';
import { generateApiKeyToken } from '@hc/auth';
import { writeAuditEvent } from '@hc/events';
import { siteRef } from '../audit/site-ref.repository';
import { MembersService } from './members.service';
import { siteRefAcrossSites, TeamRepository } from './team.repository';
import type { SiteId } from '@hc/contracts';

export interface CreatedKey {
  id: number;
  site_id: number;
  user_id: number;
  scope: ApiKeyScope;
  capabilities: { design: boolean; notes: boolean };
  token: string;
}

/** API keys (spec 5.1): random, stored hashed, shown once; capabilities fixed at creation. */
@Injectable()
export class KeysService {
  constructor(
    private readonly team: TeamRepository,
    private readonly members: MembersService,
  ) {}

  async create(input: {
    siteId: SiteId;
    userId: number;
    /** What the key is for (the dashboard asks for it; the CLI leaves it empty). */
    name?: string;
    scope?: string;
    design: boolean;
    notes: boolean;
  }): Promise<CreatedKey> {
    const scope = (input.scope ?? 'read') as ApiKeyScope;
    if (!API_KEY_SCOPES.includes(scope))
      throw fieldError('scope', messages.selectedInvalid('scope'));
    const member = await this.members.find(input.siteId, input.userId);
    if (!member || !canManageKeys(member.role)) {
      throw apiError(
        CommonErrorCode.Forbidden,
        'Only an Owner or Admin of the site can create API keys.',
      );
    }
    const { token, hash, prefix } = generateApiKeyToken();
    const id = await this.team.transaction(async (m) => {
      const keyId = await this.team.insertApiKey(input.siteId, m, {
        userId: input.userId,
        name: input.name ?? '',
        tokenHash: hash,
        tokenPrefix: prefix,
        scope,
        design: input.design,
        notes: input.notes,
      });
      await writeAuditEvent(m, await siteRef(m, input.siteId), 'key.create', {
        type: 'api_key',
        id: keyId,
      });
      return keyId;
    });
    return {
      id,
      site_id: input.siteId,
      user_id: input.userId,
      scope,
      capabilities: { design: input.design, notes: input.notes },
      token,
    };
  }

  async revoke(keyId: number): Promise<void> {
    await this.team.transaction(async (m) => {
      const siteId = await this.team.revokeApiKeyAcrossSites(m, keyId);
      if (siteId === null)
        throw apiError(CommonErrorCode.NotFound, `No active API key with id ${keyId}.`);
      await writeAuditEvent(m, await siteRefAcrossSites(m, siteId), 'key.revoke', {
        type: 'api_key',
        id: keyId,
      });
    });
  }
}
