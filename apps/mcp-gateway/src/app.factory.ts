import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';

/** The MCP tool server at {mcp_url}. */
export async function createMcpGateway(): Promise<INestApplication> {
  return createHttpApp(AppModule);
}
