import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { McpModule } from './mcp/mcp.module';

@Module({ imports: [CoreModule.forRoot({ app: 'mcp-gateway' }), McpModule] })
export class AppModule {}
