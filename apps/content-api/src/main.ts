import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { createContentApi } from './app.factory';

async function main(): Promise<void> {
  const app = await createContentApi();
  const port = settings().ports['content-api'];
  await app.listen(port);
  new Logger('content-api').log(`listening on port ${port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
