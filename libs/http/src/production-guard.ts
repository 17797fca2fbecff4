import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { settings, SettingsError } from '@hc/contracts';
import { demoSeedPresent, DEMO_USER_EMAIL } from '@hc/data';

/**
 * The production refusal that needs the database (issue 18): the demo seed's user, whose
 * password `npm start` prints, must not exist where NODE_ENV=production.
 */
@Injectable()
export class ProductionGuard implements OnModuleInit {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async onModuleInit(): Promise<void> {
    if (!settings().production) return;
    if (await demoSeedPresent(this.ds)) {
      throw new SettingsError([
        `NODE_ENV=production but the database holds the demo seed (user ${DEMO_USER_EMAIL}, whose password is public); delete that user, or point HC_DATABASE_URL at the production database`,
      ]);
    }
  }
}
