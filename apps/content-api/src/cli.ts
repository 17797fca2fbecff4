import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DatabaseModule, migrateDatabase, revertLastMigration } from '@hc/data';
import { COMMANDS } from './cli/commands';
import { CliError, Flags } from './cli/flags';
import { DOMAIN_MODULES } from './domain.modules';

@Module({ imports: [DatabaseModule.forRoot({ poolSize: 2 }), ...DOMAIN_MODULES] })
class CliModule {}

export const commandNames = ['migrate', 'migrate revert', ...Object.keys(COMMANDS)];

/** Runs one operator command and returns the JSON object it prints. */
export async function run(command: string, flags: Flags): Promise<object> {
  if (command === 'migrate') return { migrated: await migrateDatabase() };
  // A rollback: the newest migration's down(), one per call (deploy/README.md "Rollback").
  if (command === 'migrate revert') return { reverted: await revertLastMigration() };
  const handler = COMMANDS[command];
  if (!handler) throw new CliError(`unknown command "${command}"`);
  await migrateDatabase();
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error', 'fatal'] });
  try {
    return await handler(app, flags);
  } finally {
    await app.close();
  }
}
