import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { ReaderModule } from './pages/reader.module';

@Module({ imports: [CoreModule.forRoot(), ReaderModule] })
export class AppModule {}
