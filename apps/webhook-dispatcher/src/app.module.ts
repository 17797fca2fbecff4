import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { DispatcherModule, DispatcherModuleOptions } from './dispatcher/dispatcher.module';

@Module({})
export class AppModule {
  static forRoot(options: DispatcherModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ app: 'webhook-dispatcher' }),
        DispatcherModule.forRoot(options),
      ],
    };
  }
}
