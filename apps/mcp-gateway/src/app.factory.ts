import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';

/** The MCP tool server at {mcp_url}; tool arguments pass to the API untouched (no trimming here). */
export async function createMcpGateway(): Promise<INestApplication> {
  return createHttpApp(AppModule, { trimStrings: false });
}
