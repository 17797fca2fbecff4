import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { settings } from '@hc/contracts';
import { dataSourceOptions } from './data-source';
import { DryRunner } from './dry-run';

/**
 * The app's DataSource through @nestjs/typeorm: built from the checked settings
 * (`HC_DATABASE_URL`) with the options of every data source of ours, initialized at boot and
 * destroyed on shutdown by TypeOrmModule. It is provided under the `DataSource` class itself
 * (`getDataSourceToken()` of the default data source), so `@Inject(DataSource)` and
 * `@InjectDataSource()` are the same provider, and `app.get(DataSource)` finds it.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: { poolSize?: number } = {}): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions({ url: settings().databaseUrl, poolSize: options.poolSize }),
            // A database that does not answer fails the boot at once, as before: no retry loop
            // of @nestjs/typeorm (nine tries, three seconds apart); the orchestrator restarts.
            toRetry: () => false,
          }),
        }),
      ],
      providers: [DryRunner],
      exports: [TypeOrmModule, DryRunner],
    };
  }
}
