import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows a request through its async work: the request id of issue 18. */
interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with `requestId` as the current request's id (set by the logging middleware). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

/**
 * The id of the request this code runs for, or null outside a request (loops, CLI). Log lines,
 * the 500 `error_id`, outbox rows and mcp-gateway's internal calls carry it.
 */
export function currentRequestId(): string | null {
  return scope.getStore()?.requestId ?? null;
}

/** Request ids accepted from a trusted proxy: short, printable, no separators that split logs. */
export const REQUEST_ID_PATTERN = /^[\w.:@/+=-]{1,128}$/;
