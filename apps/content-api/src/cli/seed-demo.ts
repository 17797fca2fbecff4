import type { INestApplicationContext } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { DEMO_USER_EMAIL } from '@hc/data';
import { ArticlesModule } from '../articles/articles.module';
import { seedDemoContent } from '../articles/demo-content';
import { toSiteResponse } from '../sites/site.mapper';
import { SitesRepository } from '../sites/sites.repository';
import { SitesModule } from '../sites/sites.module';
import { SitesService } from '../sites/sites.service';
import { KeysService } from '../team/keys.service';
import { TeamModule } from '../team/team.module';
import { UsersService } from '../team/users.service';
import type { CommandGroup } from './command';
import { CliError, progress } from './flags';

export const DEMO_EMAIL = DEMO_USER_EMAIL;
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_SUBDOMAIN = 'demo';

/** `hc seed demo`: the modules its users, site, key, categories and articles need. */
export const DEMO_COMMANDS: CommandGroup = {
  modules: [TeamModule, SitesModule, ArticlesModule],
  commands: { 'seed demo': (app) => seedDemo(app) },
};

/**
 * `hc seed demo`: a site in two languages, its owner and a read & write key with design and
 * notes access. Idempotent on the user and site: a second run adds a new key only.
 */
export async function seedDemo(app: INestApplicationContext) {
  // Issue 18: a known password and a printed key have no place in production.
  if (settings().production) {
    throw new CliError(
      'seed demo creates a known password and key; refused with NODE_ENV=production',
    );
  }
  const users = app.get(UsersService);
  const sites = app.get(SitesService);
  const existing = await users.findByEmail(DEMO_EMAIL);
  progress(existing ? 'demo user exists' : 'creating the demo user');
  const user =
    existing ??
    (await users.create({ email: DEMO_EMAIL, name: 'Demo Owner', password: DEMO_PASSWORD }));
  let site = await app.get(SitesRepository).findBySubdomain(DEMO_SUBDOMAIN);
  if (!site) {
    progress('creating the demo site and its articles');
    site = await sites.create({
      ownerUserId: user.id,
      name: 'Demo Help Center',
      subdomain: DEMO_SUBDOMAIN,
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      plan: 'catalyst',
      stagingPreview: true,
    });
    await seedDemoContent(app, site, user.id);
  }
  progress('creating a read & write key');
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
