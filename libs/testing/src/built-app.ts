import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { appDatabaseUser, operatorEnv } from './app-database-user';
import { freePort } from './test-app';

const ROOT = path.resolve(__dirname, '../../..');

/** Builds dist/ when a source is newer (as `npm start` does). */
export async function buildWorkspace(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildIfStale } = require(path.join(ROOT, 'tools/scripts/build.cjs')) as {
    buildIfStale: (o: { quiet: boolean }) => Promise<void>;
  };
  await buildIfStale({ quiet: true });
}

/** A built app's process and the port it answers on. */
export type BuiltApp = ChildProcess & { port: number };

/**
 * Runs one built app (`dist/apps/<name>/src/main.js`) as operators do, in its own process, and
 * waits until it answers /health/ready. Its stderr goes to the test's stderr, labelled.
 */
export async function startBuiltApp(
  name: string,
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<BuiltApp> {
  const port = await freePort();
  const portVar = `HC_${name.toUpperCase().replace(/-/g, '_')}_PORT`;
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/apps', name, 'src/main.js')], {
    cwd: ROOT,
    // Another app than the one under its own database user runs as the worker's administrator.
    env: {
      ...(appDatabaseUser() === name ? process.env : operatorEnv()),
      ...env,
      [portVar]: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) =>
    process.stderr.write(`[${name} ${child.pid}] ${chunk}`),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return Object.assign(child, { port });
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILL and wait for the exit. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** SIGTERM; resolves with the exit code. */
export async function stopGracefully(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = await exited;
  return code as number | null;
}
