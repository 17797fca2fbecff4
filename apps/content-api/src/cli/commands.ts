import type { Command, CommandGroup } from './command';

type Group = () => Promise<CommandGroup>;

// Each group's files load only when one of its commands runs (issue 35: `hc user create`
// starts the team's module alone, not the whole API).
const team: Group = async () => (await import('./team.commands')).TEAM_COMMANDS;
const sites: Group = async () => (await import('./site.commands')).SITE_COMMANDS;
const articles: Group = async () => (await import('./article.commands')).ARTICLE_COMMANDS;
const demo: Group = async () => (await import('./seed-demo')).DEMO_COMMANDS;
const engagement: Group = async () => (await import('./engagement.commands')).ENGAGEMENT_GROUP;
const analytics: Group = async () => (await import('./analytics.commands')).ANALYTICS_GROUP;

/**
 * The content-api's operator commands (docs/operations.md) and the group that runs each
 * (`cli/commands.spec.ts` keeps this table and the groups in step).
 */
export const COMMAND_GROUPS: Record<string, Group> = {
  'user create': team,
  'site create': sites,
  'site update': sites,
  'site delete': sites,
  'member add': team,
  'member update': team,
  'member remove': team,
  'key create': team,
  'key revoke': team,
  'article restore': articles,
  'article purge': articles,
  'translation release': articles,
  'seed demo': demo,
  'comment add': engagement,
  'comment delete': engagement,
  'comment settings': engagement,
  'note add': engagement,
  'interface-text set': engagement,
  'analytics rollup': analytics,
};

/** Each command on an app that has its group's modules (the specs run them on the HTTP app). */
export const COMMANDS: Record<string, Command> = Object.fromEntries(
  Object.entries(COMMAND_GROUPS).map(([name, group]): [string, Command] => [
    name,
    async (app, flags) => (await group()).commands[name](app, flags),
  ]),
);
