import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  DatabaseModule,
  migrateDatabase,
  requireCurrentSchema,
  revertLastMigration,
} from '@hc/data';
import { runAsActor } from '@hc/contracts';
import { bootSettings } from '@hc/http';
import { COMMANDS } from './cli/commands';
import { CliError, Flags, progress } from './cli/flags';
import { DOMAIN_MODULES } from './domain.modules';

@Module({ imports: [DatabaseModule.forRoot({ poolSize: 2 }), ...DOMAIN_MODULES] })
class CliModule {}

export const commandNames = ['migrate', 'migrate revert', ...Object.keys(COMMANDS)];

/** Runs one operator command and returns the JSON object it prints. */
export async function run(command: string, flags: Flags): Promise<object> {
  bootSettings({ warn: progress });
  if (command === 'migrate')
    return { migrated: await migrateDatabase(undefined, undefined, progress) };
  // A rollback: the newest migration's down(), one per call (deploy/README.md "Rollback").
  if (command === 'migrate revert') return { reverted: await revertLastMigration() };
  const handler = COMMANDS[command];
  if (!handler) throw new CliError(`unknown command "${command}"`);
  // Issue 18: only `hc migrate` migrates; every other command refuses a schema behind the code.
  await requireCurrentSchema();
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error', 'fatal'] });
  try {
    // Issue 24: every write a command makes is recorded as the operator's.
    return await runAsActor({ kind: 'operator' }, () => handler(app, flags));
  } finally {
    await app.close();
  }
}
