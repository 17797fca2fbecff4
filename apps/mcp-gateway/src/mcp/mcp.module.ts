import { Module } from '@nestjs/common';
import { McpAuth } from './mcp-auth';
import { McpController } from './mcp.controller';

@Module({ controllers: [McpController], providers: [McpAuth] })
export class McpModule {}
