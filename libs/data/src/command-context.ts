import type { INestApplicationContext, Type } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connectAtCurrentSchema } from './data-source';
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
  const ds = await connectAtCurrentSchema({ poolSize: 2 });
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
