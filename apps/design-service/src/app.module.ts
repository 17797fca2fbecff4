import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { TemplateModule } from './template/template.module';

@Module({ imports: [CoreModule.forRoot({ app: 'design-service' }), TemplateModule] })
export class AppModule {}
