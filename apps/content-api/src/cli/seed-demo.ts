import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { seedDemoContent } from '../articles/demo-content';
import { toSiteResponse } from '../sites/site.mapper';
import { SitesService } from '../sites/sites.service';
import { KeysService } from '../team/keys.service';
import { UsersService } from '../team/users.service';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_SUBDOMAIN = 'demo';

/** Demo content seeders registered by content domains (articles, categories). */
export type DemoSeeder = (
  app: INestApplicationContext,
  site: { id: number },
  userId: number,
) => Promise<void>;
export const DEMO_SEEDERS: DemoSeeder[] = [seedDemoContent];

/**
 * `hc seed demo`: a site in two languages, its owner and a read & write key with design and
 * notes access. Idempotent on the user and site: a second run adds a new key only.
 */
export async function seedDemo(app: INestApplicationContext) {
  const ds = app.get(DataSource);
  const users = app.get(UsersService);
  const sites = app.get(SitesService);
  const [existing] = await ds.query(
    'SELECT id, email, name, account_id FROM users WHERE email = ?',
    [DEMO_EMAIL],
  );
  const user =
    existing ??
    (await users.create({ email: DEMO_EMAIL, name: 'Demo Owner', password: DEMO_PASSWORD }));
  const [siteRow] = await ds.query(
    'SELECT id FROM sites WHERE subdomain = ? AND deleted_at IS NULL',
    [DEMO_SUBDOMAIN],
  );
  let site = siteRow ? await sites.requireSite(siteRow.id) : null;
  if (!site) {
    site = await sites.create({
      ownerUserId: user.id,
      name: 'Demo Help Center',
      subdomain: DEMO_SUBDOMAIN,
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      plan: 'catalyst',
      stagingPreview: true,
    });
    for (const seed of DEMO_SEEDERS) await seed(app, site, user.id);
  }
  const key = await app.get(KeysService).create({
    siteId: site.id,
    userId: user.id,
    scope: 'read_write',
    design: true,
    notes: true,
  });
  return {
    site: toSiteResponse(site),
    user: { id: user.id, email: user.email, name: user.name, account_id: user.account_id },
    password: DEMO_PASSWORD,
    key: key.token,
  };
}
