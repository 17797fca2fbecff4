import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createMcpGateway } from './app.factory';

void runApp('mcp-gateway', createMcpGateway);
