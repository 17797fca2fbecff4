import { toSiteResponse } from '../sites/site.mapper';
import { SitesModule } from '../sites/sites.module';
import { SitesService } from '../sites/sites.service';
import type { CommandGroup } from './command';
import { bool, list, requireInt, requireStr, str } from './flags';
import type { Flags } from './flags';

/** Sites: create, change, delete. */
export const SITE_COMMANDS: CommandGroup = {
  modules: [SitesModule],
  commands: {
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
  },
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
