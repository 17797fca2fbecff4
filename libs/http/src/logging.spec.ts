// Issue 35: Nest's start-up lines are debug; an app's own lines keep their level.
import { Writable } from 'node:stream';
import { configureLogging, nestLogger } from './logging';

function capture(): {
  lines: { level: string; msg: string; context?: string }[];
  stream: Writable;
} {
  const lines: { level: string; msg: string; context?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  return { lines, stream };
}

it("writes Nest's module and route lines at debug, and the app's own at info", async () => {
  const { lines, stream } = capture();
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'debug';
  configureLogging({ service: 'test', stream });
  try {
    const logger = nestLogger();
    logger.log('Mapped {/v1/sites, GET} route', 'RouterExplorer');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('listening on port 3000', 'content-api');
    logger.error('it broke', undefined, 'content-api');
    await new Promise((r) => setImmediate(r));
  } finally {
    configureLogging({});
    process.env.LOG_LEVEL = previous;
  }
  expect(lines.map(({ level, msg }) => [level, msg])).toEqual([
    ['debug', 'Mapped {/v1/sites, GET} route'],
    ['debug', 'AppModule dependencies initialized'],
    ['info', 'listening on port 3000'],
    ['error', 'it broke'],
  ]);
});
