import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appDatabaseConnections, settings } from '@hc/contracts';
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
  /** `app`: its pool size (appDatabaseConnections: HC_DATABASE_POOL_SIZE, else the app's own). */
  static forRoot(options: { app?: string } = {}): DynamicModule {
    let typeOrm: DynamicModule | undefined;
    return {
      module: DatabaseModule,
      // Issue 35: TypeOrmModule registers its data source's name when forRootAsync is called and
      // frees it when the app closes. Called here, a module file merely declaring an app (every
      // `@Module({ imports: [CoreModule.forRoot()] })` a test file loads) held the name for good,
      // and the next app warned "A data source with the default name is already registered".
      // Read when Nest builds an app from this module, the name is held while that app runs.
      get imports() {
        typeOrm ??= TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions({
              url: settings().databaseUrl,
              // HC_DATABASE_POOL_SIZE over the app's own default (docs/scaling.md).
              poolSize: appDatabaseConnections(options.app, settings()).pool,
              tls: settings().databaseTls,
            }),
            // A database that does not answer fails the boot at once, as before: no retry loop
            // of @nestjs/typeorm (nine tries, three seconds apart); the orchestrator restarts.
            toRetry: () => false,
          }),
        });
        return [typeOrm];
      },
      providers: [DryRunner],
      exports: [TypeOrmModule, DryRunner],
    };
  }

  /**
   * A data source the caller opened and closes (the operator commands, which check the schema
   * on it first): the same providers as `forRoot`, without @nestjs/typeorm.
   */
  static withDataSource(ds: DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DataSource, useValue: ds }, DryRunner],
      exports: [DataSource, DryRunner],
    };
  }
}
