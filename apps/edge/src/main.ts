import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { createEdge } from './app.factory';

async function main(): Promise<void> {
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
  console.error(err);
  process.exit(1);
});
