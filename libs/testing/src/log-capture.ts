import { PassThrough } from 'node:stream';

/**
 * A stream to hand to `configureLogging({ stream })`, collecting each line parsed as JSON (a
 * line that is not JSON fails the test that wrote it).
 */
export function jsonLogCapture(): { stream: PassThrough; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts.filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  return { stream, lines };
}
