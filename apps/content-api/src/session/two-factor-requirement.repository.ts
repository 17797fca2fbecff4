import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

/** `sites.require_two_factor` and whether a person has two-factor sign-in on (issue 38). */
@Injectable()
export class TwoFactorRequirementRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async personHasTwoFactor(userId: number): Promise<boolean> {
    const [r] = await this.ds.query('SELECT totp_enabled_at FROM users WHERE id = ?', [userId]);
    return Boolean(r?.totp_enabled_at);
  }

  async setRequired(m: EntityManager, siteId: SiteId, required: boolean): Promise<void> {
    await m.query('UPDATE sites SET require_two_factor = ?, updated_at = ? WHERE id = ?', [
      required ? 1 : 0,
      new Date(),
      siteId,
    ]);
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }
}
