import { siteCommand } from './command';
import type { Command, CommandGroup } from './command';
import { CliError, bool, int, requireInt, requireStr, str } from './flags';
import { NotesModule } from '../notes/notes.module';
import { NotesService } from '../notes/notes.service';
import { SitesModule } from '../sites/sites.module';
import { TranslationsModule } from '../translations/translations.module';
import { TranslationsService } from '../translations/translations.service';
import { CommentModerationService } from '../comments/comment-moderation.service';
import { CommentsModule } from '../comments/comments.module';
import { CommentsService } from '../comments/comments.service';

/** Operator commands of comments, team notes and interface texts (docs/operations.md). */
export const ENGAGEMENT_COMMANDS: Record<string, Command> = {
  /** A reader's comment, as the reader site would post it (pending while the site moderates). */
  'comment add': siteCommand(async (app, site, f) => ({
    comment: await app.get(CommentsService).postAsReader(site, {
      articleId: requireInt(f, 'article'),
      name: requireStr(f, 'name'),
      email: requireStr(f, 'email'),
      text: requireStr(f, 'text'),
      lang: str(f, 'lang'),
      parentId: int(f, 'parent'),
    }),
  })),

  /** Moves a comment to `deleted`, as the dashboard does (the API cannot delete). */
  'comment delete': siteCommand(async (app, site, f) => ({
    comment: await app.get(CommentModerationService).delete(site, requireInt(f, 'comment')),
  })),

  /** `--moderate true` (the default): reader comments arrive pending; `false`: published at once. */
  'comment settings': siteCommand(async (app, site, f) => {
    const moderate = bool(f, 'moderate');
    if (moderate === undefined) throw new CliError('--moderate is required (true or false)');
    return { settings: await app.get(CommentModerationService).setModeration(site, moderate) };
  }),

  /** A team-note thread anchored on `--quote`, which must occur in the `--lang` content. */
  'note add': siteCommand(async (app, site, f) => ({
    note: await app.get(NotesService).add(site, {
      articleId: requireInt(f, 'article'),
      userId: requireInt(f, 'user'),
      lang: str(f, 'lang'),
      quote: requireStr(f, 'quote'),
      text: requireStr(f, 'text'),
    }),
  })),

  /** Overrides one reader-interface text of a site in a language (`--text ''` restores the default). */
  'interface-text set': siteCommand(async (app, site, f) => ({
    translation: await app
      .get(TranslationsService)
      .set(site, requireStr(f, 'lang'), requireStr(f, 'key'), str(f, 'text') ?? null),
  })),
};

/** The modules these commands need (cli/commands.ts loads them only when one runs). */
export const ENGAGEMENT_GROUP: CommandGroup = {
  modules: [SitesModule, CommentsModule, NotesModule, TranslationsModule],
  commands: ENGAGEMENT_COMMANDS,
};
