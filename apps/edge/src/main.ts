import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { bootSettings } from '@hc/http';
import { createEdge } from './app.factory';

async function main(): Promise<void> {
  bootSettings(new Logger('edge'));
  const app = await createEdge();
  const port = settings().edgePort;
  await app.listen(port);
  new Logger('edge').log(`listening on port ${port}`);
  const stop = () =>
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
