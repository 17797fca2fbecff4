import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who did a write (issue 24): the credential kind and what identifies it. `mcp` is an OAuth token
 * whose audience is the tool server; `operator` is the CLI; `dashboard` a person signed in to the
 * dashboard (issue 37).
 */
export interface AuditActor {
  kind: 'api_key' | 'oauth' | 'mcp' | 'operator' | 'dashboard';
  /** The API key's id (kind `api_key`). */
  key_id?: number;
  /** The key's creator, the token's person, or the signed-in person (kind `dashboard`). */
  user_id?: number;
  /** The OAuth client (kinds `oauth` and `mcp`). */
  client_id?: string;
}

/** What follows a request through its async work: the request id of issue 18, the actor of 24. */
interface RequestScope {
  requestId: string | null;
  actor?: AuditActor;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with `requestId` as the current request's id (set by the logging middleware). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

/** Runs `fn` as `actor` outside any request (the operator CLI). */
export function runAsActor<T>(actor: AuditActor, fn: () => T): T {
  return scope.run({ requestId: currentRequestId(), actor }, fn);
}

/**
 * Runs `fn` outside any request or command scope: work a request merely woke (a polling
 * worker's drain) must not carry that request's actor or id into writes it makes for others.
 */
export function outsideRequest<T>(fn: () => T): T {
  return scope.exit(fn);
}

/**
 * Names the actor of the current request (the credential guard, once it knows the credential).
 * Outside a request scope there is nothing to attach to, and nothing is recorded.
 */
export function setCurrentActor(actor: AuditActor): void {
  const store = scope.getStore();
  if (store) store.actor = actor;
}

/** The actor of the current request or command, or null (loops, unauthenticated routes). */
export function currentActor(): AuditActor | null {
  return scope.getStore()?.actor ?? null;
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
