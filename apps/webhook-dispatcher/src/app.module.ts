import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';

@Module({ imports: [CoreModule.forRoot()] })
export class AppModule {}
