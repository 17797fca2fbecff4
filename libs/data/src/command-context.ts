import type { INestApplicationContext, Type } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connectAtCurrentSchema, MIGRATION_POOL_SIZE } from './data-source';

/** An operator command's pool (withCommandContext). */
export const COMMAND_POOL_SIZE = 2;

/**
 * The database connections an operator command (`hc <command>`) holds at most, for the
 * connection arithmetic of docs/scaling.md (the Jobs and CronJobs): a migration's pool and its
 * lock, one for `db grants` and `data reencrypt`, the command pool for the others.
 */
export function commandConnections(command: string): number {
  if (command === 'migrate' || command === 'migrate revert') return MIGRATION_POOL_SIZE + 1;
  if (command === 'db grants' || command === 'data reencrypt') return 1;
  return COMMAND_POOL_SIZE;
}
import { DatabaseModule } from './database.module';

/**
 * An operator command's Nest context (issue 35): the modules the command needs and no others,
 * on one data source that is connected and checked against the expected schema first (issue 18:
 * only `hc migrate` migrates). `work` runs in it; the context and the data source close after.
 */
export async function withCommandContext<T>(
  modules: Type[],
  work: (app: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const ds = await connectAtCurrentSchema({ poolSize: COMMAND_POOL_SIZE });
  try {
    @Module({ imports: [DatabaseModule.withDataSource(ds), ...modules] })
    class CommandModule {}
    const app = await NestFactory.createApplicationContext(CommandModule, {
      logger: ['error', 'fatal'],
    });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await ds.destroy();
  }
}
