import 'reflect-metadata';
import { createServer } from 'node:http';
import { Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { bootSettings, configureLogging, nestLogger } from '@hc/http';
import { createEdge } from './app.factory';

async function main(): Promise<void> {
  configureLogging({ service: 'edge' });
  Logger.overrideLogger(nestLogger());
  bootSettings(new Logger('edge'));
  const app = await createEdge();
  const { edgePort: port, readerPort } = settings();
  await app.listen(port);
  // The reader origin on one machine (issue #14): the same routing app on a second port, which
  // forwards reader pages only (edge.proxy.ts picks the table by the port a request came in on).
  const reader = createServer(app.getHttpAdapter().getInstance());
  await new Promise<void>((resolve, reject) => {
    reader.once('error', reject);
    reader.listen(readerPort, resolve);
  });
  new Logger('edge').log(`listening on port ${port} (platform) and ${readerPort} (reader pages)`);
  const stop = () => {
    reader.close();
    reader.closeAllConnections();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
