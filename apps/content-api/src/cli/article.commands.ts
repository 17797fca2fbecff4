import { ArticlesModule } from '../articles/articles.module';
import { ArticlesService } from '../articles/articles.service';
import { SitesModule } from '../sites/sites.module';
import { siteCommand, type CommandGroup } from './command';
import { requireInt, requireStr } from './flags';

/** Deleted articles and translations held for release. */
export const ARTICLE_COMMANDS: CommandGroup = {
  modules: [SitesModule, ArticlesModule],
  commands: {
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
  },
};
