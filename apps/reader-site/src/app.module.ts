import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { PreviewModule } from './preview/preview.module';
import { RoutesModule } from './routes/routes.module';

// The preview hand-off before the reader routes, which take every other path.
@Module({ imports: [CoreModule.forRoot({ app: 'reader-site' }), PreviewModule, RoutesModule] })
export class AppModule {}
