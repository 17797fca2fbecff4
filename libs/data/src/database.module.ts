import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { DryRunner } from './dry-run';

@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.ds.isInitialized) await this.ds.destroy();
  }
}

/** Provides the initialized DataSource to every module of an app. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: { poolSize?: number } = {}): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => createDataSource({ poolSize: options.poolSize }).initialize(),
        },
        DataSourceCloser,
        DryRunner,
      ],
      exports: [DataSource, DryRunner],
    };
  }
}
