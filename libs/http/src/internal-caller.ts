import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { settings } from '@hc/contracts';
import { sameSecret } from './same-secret';

/**
 * Issue 36: the header that carries `HC_INTERNAL_TOKEN` on mcp-gateway's REST calls to
 * content-api (`HC_INTERNAL_API_URL`). With it, and only with it, content-api believes the
 * agent's address mcp-gateway sends as `X-Forwarded-For`.
 */
export const INTERNAL_TOKEN_HEADER = 'x-hc-internal-token';

const internalCalls = new WeakSet<IncomingMessage>();

/** Whether the request came from mcp-gateway with the right `HC_INTERNAL_TOKEN`. */
export function fromInternalCaller(req: IncomingMessage): boolean {
  return internalCalls.has(req);
}

/**
 * First on content-api (`internalCallers` of HttpAppOptions): a call that carries the right
 * `HC_INTERNAL_TOKEN` is mcp-gateway's, so its `X-Forwarded-For` (one address, the agent's as
 * mcp-gateway judged it under its own `HC_TRUST_PROXY`) becomes `req.ip`: per-address budgets
 * count each agent, not the gateway pod. Its `X-Request-Id` is believed and it is not sent to
 * https (it is a pod-to-pod call). Without the token, or with a wrong one, nothing changes: the
 * address is the one Express judged under `HC_TRUST_PROXY`, so a direct caller cannot choose
 * the address it is counted under. The header is removed either way.
 */
export function internalCallers(): RequestHandler {
  return (req, _res, next) => {
    const sent = req.headers[INTERNAL_TOKEN_HEADER];
    delete req.headers[INTERNAL_TOKEN_HEADER];
    const secret = settings().internalToken;
    if (typeof sent !== 'string' || !secret || !sameSecret(sent, secret)) return next();
    internalCalls.add(req);
    const forwarded = req.headers['x-forwarded-for'];
    const address = typeof forwarded === 'string' ? forwarded.trim() : '';
    if (isIP(address)) {
      // Shadows Express's `ip` getter for this request only.
      Object.defineProperty(req, 'ip', { value: address, configurable: true, enumerable: true });
    }
    next();
  };
}
