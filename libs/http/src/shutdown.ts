import type { Server, ServerResponse } from 'node:http';
import type { INestApplication, Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';

/**
 * Stops accepting connections and resolves once in-flight requests have finished. Keep-alive
 * connections are closed as soon as they are idle (`server.close` alone waits for clients to
 * hang up), and a response still to be written tells its client the connection ends.
 */
export function drainHttpServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.on('request', (_req, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    const reap = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(reap);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * SIGTERM (issue #16): drain HTTP, then the app's shutdown hooks (workers, pools), all within
 * `HC_SHUTDOWN_TIMEOUT`. Returns the exit code: 0 when everything finished, 1 when the deadline
 * cut work short or a hook failed.
 */
export async function stopGracefully(
  app: INestApplication,
  logger: Pick<Logger, 'log' | 'error'>,
  extraServers: readonly Server[] = [],
): Promise<number> {
  const timeoutMs = settings().values.HC_SHUTDOWN_TIMEOUT;
  const server = app.getHttpServer() as Server;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      // process.exit (the caller) ends what is left; no hook runs after this.
      logger.error(`shutdown did not finish within ${timeoutMs} ms; exiting`);
      resolve(1);
    }, timeoutMs);
  });
  const work = (async () => {
    await Promise.all([server, ...extraServers].map(drainHttpServer));
    await app.close();
    return 0;
  })().catch((err: unknown) => {
    logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    return 1;
  });
  const code = await Promise.race([work, deadline]);
  clearTimeout(timer);
  return code;
}
