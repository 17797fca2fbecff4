import 'reflect-metadata';
import { checkSettings, cliSettingsApp, runAsActor, useSettings } from '@hc/contracts';
import {
  connectAtCurrentSchema,
  grantDatabaseUsers,
  migrateDatabase,
  resealSecrets,
  revertLastMigration,
  withCommandContext,
} from '@hc/data';
import { COMMAND_GROUPS } from './cli/commands';
import { bool, CliError, Flags, progress, str } from './cli/flags';

export const commandNames = [
  'migrate',
  'migrate revert',
  'db grants',
  'data reencrypt',
  ...Object.keys(COMMAND_GROUPS),
];

/**
 * Runs one operator command and returns the JSON object it prints. Issue 35: only the command's
 * group is loaded and only its modules start (cli/commands.ts), on one data source.
 */
export async function run(command: string, flags: Flags): Promise<object> {
  // The boot check of the apps (bootSettings of @hc/http, whose import would cost the CLI more).
  // Production refuses content-api's commands without HC_DATA_KEYS (issue 34); granting needs none.
  const { settings, warnings } = checkSettings(process.env, cliSettingsApp(command));
  warnings.forEach(progress);
  useSettings(settings);
  if (command === 'migrate')
    return { migrated: await migrateDatabase(undefined, undefined, progress) };
  // A rollback: the newest migration's down(), one per call (deploy/README.md "Rollback").
  if (command === 'migrate revert') return { reverted: await revertLastMigration() };
  // Issue 34: each app's database user to exactly its rights (libs/data/src/grants.ts).
  if (command === 'db grants') {
    const dryRun = bool(flags, 'dry-run') ?? false;
    const result = await grantDatabaseUsers({ host: str(flags, 'host'), dryRun });
    for (const user of result.missingUsers) progress(`no user ${user}: skipped (create it first)`);
    return { ...result, applied: !dryRun };
  }
  // Issue 34: after a data-key rotation (or to seal rows an older release wrote in plain text).
  if (command === 'data reencrypt') return { resealed: await resealSecretsOf() };
  const load = COMMAND_GROUPS[command];
  if (!load) throw new CliError(`unknown command "${command}"`);
  const group = await load();
  // Issue 18: only `hc migrate` migrates; every other command refuses a schema behind the code.
  return withCommandContext(group.modules, (app) =>
    // Issue 24: every write a command makes is recorded as the operator's.
    runAsActor({ kind: 'operator' }, () => group.commands[command](app, flags)),
  );
}

/** `hc data reencrypt`: every sealed secret under the first of HC_DATA_KEYS. */
async function resealSecretsOf(): Promise<Record<string, number>> {
  const ds = await connectAtCurrentSchema({ poolSize: 1 });
  try {
    return await resealSecrets(ds);
  } finally {
    await ds.destroy();
  }
}
