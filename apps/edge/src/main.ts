// Issue 36: tracing first, before Nest and Express load (off unless OTEL_EXPORTER_OTLP_ENDPOINT).
import '@hc/http/tracing';
import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { runApp } from '@hc/http';
import { createEdge } from './app.factory';

/**
 * The reader origin on one machine (issue #14): the same routing app on a second port, which
 * forwards reader pages only (edge.proxy.ts picks the table by the port a request came in on).
 */
async function listenReader(app: INestApplication): Promise<Server[]> {
  const { readerPort } = settings();
  const reader = createServer(app.getHttpAdapter().getInstance());
  await new Promise<void>((resolve, reject) => {
    reader.once('error', reject);
    reader.listen(readerPort, resolve);
  });
  new Logger('edge').log(`reader pages on port ${readerPort}`);
  return [reader];
}

void runApp('edge', createEdge, { port: () => settings().edgePort, listenMore: listenReader });
