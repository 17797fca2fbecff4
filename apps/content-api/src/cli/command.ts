import type { INestApplicationContext, Type } from '@nestjs/common';
import type { SiteContext } from '@hc/auth';
import { SitesService } from '../sites/sites.service';
import { requireSiteFlag } from './flags';
import type { Flags } from './flags';

/** An `hc` command of the content-api: the app and the flags in, the result's JSON out. */
export type Command = (app: INestApplicationContext, flags: Flags) => Promise<object>;

/**
 * Commands that share the Nest modules they need (issue 35: a command starts those modules
 * only, and loads only its group's files; `COMMANDS` in commands.ts says which group runs each).
 */
export interface CommandGroup {
  modules: Type[];
  commands: Record<string, Command>;
}

/** A command about one site: `--site` names it (a site that does not exist fails), `run` gets it. */
export function siteCommand(
  run: (app: INestApplicationContext, site: SiteContext, flags: Flags) => Promise<object>,
): Command {
  return async (app, flags) =>
    run(app, await app.get(SitesService).requireSite(requireSiteFlag(flags)), flags);
}
