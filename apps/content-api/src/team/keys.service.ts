import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
import { MembersService } from './members.service';

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
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly members: MembersService,
  ) {}

  async create(input: {
    siteId: number;
    userId: number;
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
    const result = await this.ds.query(
      `INSERT INTO api_keys (site_id, user_id, token_hash, token_prefix, scope, cap_design, cap_notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [input.siteId, input.userId, hash, prefix, scope, input.design, input.notes, new Date()],
    );
    return {
      id: result.insertId as number,
      site_id: input.siteId,
      user_id: input.userId,
      scope,
      capabilities: { design: input.design, notes: input.notes },
      token,
    };
  }

  async revoke(keyId: number): Promise<void> {
    const result = await this.ds.query(
      'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
      [new Date(), keyId],
    );
    if (!result.affectedRows)
      throw apiError(CommonErrorCode.NotFound, `No active API key with id ${keyId}.`);
  }
}
