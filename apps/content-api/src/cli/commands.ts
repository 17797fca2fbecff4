import { ANALYTICS_COMMANDS } from '../analytics/analytics.commands';
import { ENGAGEMENT_COMMANDS } from '../comments/engagement.commands';
import { ArticlesService } from '../articles/articles.service';
import { toSiteResponse } from '../sites/site.mapper';
import { SitesService } from '../sites/sites.service';
import { KeysService } from '../team/keys.service';
import { MembersService } from '../team/members.service';
import { UsersService } from '../team/users.service';
import { Command, siteCommand } from './command';
import { bool, list, requireInt, requireSiteFlag, requireStr, str } from './flags';
import type { Flags } from './flags';
import { seedDemo } from './seed-demo';

/** The content-api's operator commands (docs/operations.md). Later domains add theirs here. */
export const COMMANDS: Record<string, Command> = {
  'user create': async (app, f) => ({
    user: await app.get(UsersService).create({
      email: requireStr(f, 'email'),
      name: str(f, 'name'),
      password: requireStr(f, 'password'),
    }),
  }),

  'site create': async (app, f) => {
    const site = await app.get(SitesService).create({
      ownerUserId: requireInt(f, 'owner'),
      name: requireStr(f, 'name'),
      subdomain: requireStr(f, 'subdomain'),
      defaultLanguage: str(f, 'default-language'),
      ...siteSettingFlags(f),
    });
    return { site: operatorSite(site) };
  },

  'site update': async (app, f) => {
    const site = await app.get(SitesService).update(requireInt(f, 'site'), {
      name: str(f, 'name'),
      visibility: str(f, 'visibility'),
      sitePassword: str(f, 'site-password'),
      suspended: bool(f, 'suspended'),
      ipAllowlist: list(f, 'ip-allowlist'),
      ...siteSettingFlags(f),
      allowUnsafeHtml: bool(f, 'allow-unsafe-html'),
    });
    return { site: operatorSite(site) };
  },

  'site delete': async (app, f) => {
    await app.get(SitesService).delete(requireInt(f, 'site'));
    return { deleted: true };
  },

  'member add': async (app, f) => ({
    member: await app
      .get(MembersService)
      .add(
        requireSiteFlag(f),
        requireInt(f, 'user'),
        requireStr(f, 'role'),
        bool(f, 'notes-access') ?? false,
      ),
  }),

  'member update': async (app, f) => ({
    member: await app.get(MembersService).update(requireSiteFlag(f), requireInt(f, 'user'), {
      role: str(f, 'role'),
      notesAccess: bool(f, 'notes-access'),
    }),
  }),

  'member remove': async (app, f) => {
    await app.get(MembersService).remove(requireSiteFlag(f), requireInt(f, 'user'));
    return { removed: true };
  },

  'key create': async (app, f) => ({
    key: await app.get(KeysService).create({
      siteId: requireSiteFlag(f),
      userId: requireInt(f, 'user'),
      scope: str(f, 'scope'),
      design: bool(f, 'design') ?? false,
      notes: bool(f, 'notes') ?? false,
    }),
  }),

  'key revoke': async (app, f) => {
    await app.get(KeysService).revoke(requireInt(f, 'key'));
    return { revoked: true };
  },

  'article restore': siteCommand(async (app, site, f) => ({
    article: await app.get(ArticlesService).restore(site, requireInt(f, 'article')),
  })),

  'article purge': siteCommand(async (app, site, f) => {
    await app.get(ArticlesService).purge(site, requireInt(f, 'article'));
    return { purged: true };
  }),

  'translation release': siteCommand(async (app, site, f) => ({
    article: await app
      .get(ArticlesService)
      .releaseTranslation(site, requireInt(f, 'article'), requireStr(f, 'lang')),
  })),

  'seed demo': (app) => seedDemo(app),

  ...ENGAGEMENT_COMMANDS,

  ...ANALYTICS_COMMANDS,
};

/** The settings `site create` and `site update` both take: languages, plan and features. */
function siteSettingFlags(f: Flags) {
  return {
    languages: list(f, 'languages'),
    plan: str(f, 'plan'),
    stagingPreview: bool(f, 'staging-preview'),
    legacyEditor: bool(f, 'legacy-editor'),
  };
}

/** A GET /sites item plus the operator-only settings. */
function operatorSite(site: Parameters<typeof toSiteResponse>[0]) {
  return {
    ...toSiteResponse(site),
    plan: site.plan,
    staging_preview: site.stagingPreview,
    template_editor: site.templateEditor,
    allow_unsafe_html: site.allowUnsafeHtml,
    suspended: site.suspended,
    ip_allowlist: site.ipAllowlist,
  };
}
