import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, Logger as Pino, LoggerOptions } from 'pino';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { Logger as NestLogger, type LoggerService } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { currentRequestId, REQUEST_ID_PATTERN, runWithRequestId, settings } from '@hc/contracts';
import type { HcRequest } from '@hc/auth';
import { observeRequest } from './metrics';
import { fromInternalCaller } from './internal-caller';

let root: Pino | null = null;
let service: string | undefined;
let destination: DestinationStream | undefined;

/**
 * Names the process in every line (`service`) and, for tests, sends lines to `stream` instead
 * of stdout. Call before the first log line.
 */
export function configureLogging(options: { service?: string; stream?: DestinationStream }): void {
  service = options.service ?? service;
  destination = options.stream;
  root = null;
}

/** LOG_LEVEL as the settings read it; `info` when the settings themselves are broken. */
function logLevel(): string {
  try {
    return settings().logLevel;
  } catch {
    // The start-up failure that reports the broken setting still needs a logger.
    return 'info';
  }
}

/**
 * The process's pino logger: JSON lines on stdout at LOG_LEVEL; human-readable (pino-pretty)
 * only when stdout is a terminal. `npm start` pipes the apps' output and prettifies it itself.
 */
export function rootLogger(): Pino {
  if (root) return root;
  const options: LoggerOptions = {
    level: logLevel(),
    base: service ? { service } : {},
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line written while a request is handled carries its id (a call's own fields win).
    mixin: () => {
      const id = currentRequestId();
      return id ? { request_id: id } : {};
    },
  };
  if (destination) root = pino(options, destination);
  else if (process.stdout.isTTY) {
    root = pino({
      ...options,
      transport: { target: 'pino-pretty', options: { singleLine: true } },
    });
  } else root = pino(options);
  return root;
}

/**
 * Issue 35: writes out every line still held (Nest's start-up buffer, pino's stream) and
 * resolves once they are written. Call before `process.exit`, which would drop them.
 */
export function flushLogs(): Promise<void> {
  NestLogger.flush();
  const logger = root;
  if (!logger) return Promise.resolve();
  return new Promise((resolve) => logger.flush(() => resolve()));
}

/** Flushes the logs, then ends the process with `code`. */
export async function exitAfterLogs(code: number): Promise<never> {
  await flushLogs();
  process.exit(code);
}

/**
 * Nest's start-up chatter (modules initialized, every route mapped, "successfully started") is
 * debug, not info (issue 35): a start shows what an operator acts on, `LOG_LEVEL=debug` the rest.
 */
const NEST_STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

class HcNestLogger extends NestPinoLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && NEST_STARTUP_CONTEXTS.has(context)) {
      return super.debug(message, ...optionalParams);
    }
    return super.log(message, ...optionalParams);
  }
}

/** A Nest LoggerService (nestjs-pino's) writing through the root logger. */
export function nestLogger(): LoggerService {
  return new HcNestLogger(new PinoLogger({ pinoHttp: { logger: rootLogger() } }), {});
}

type TrustFn = (address: string | undefined, hop: number) => boolean;

/**
 * Issue 18: the request id is the `X-Request-Id` a trusted proxy (HC_TRUST_PROXY) or mcp-gateway
 * (HC_INTERNAL_TOKEN, issue 36) sent, else a fresh one. Clients cannot choose the id they are
 * logged under.
 */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const trust = (req as Partial<Request>).app?.get('trust proxy fn') as TrustFn | undefined;
  if (
    typeof header === 'string' &&
    REQUEST_ID_PATTERN.test(header) &&
    (trust?.(req.socket.remoteAddress, 0) || fromInternalCaller(req))
  ) {
    return header;
  }
  return randomUUID();
}

/** The route pattern (`/v1/articles/:id`), never the URL with its query string. */
export function routePattern(req: IncomingMessage): string {
  const r = req as Partial<Request>;
  const path = r.route?.path as string | undefined;
  if (path) return `${r.baseUrl ?? ''}${path}`;
  const proxied = (r.res?.locals as { route?: unknown } | undefined)?.route;
  return typeof proxied === 'string' ? proxied : '(unmatched)';
}

function credentialOf(res: ServerResponse): string {
  const kind = (res as Partial<Response>).locals?.credential;
  return typeof kind === 'string' ? kind : 'none';
}

const QUIET = /^\/(health\/|metrics$)/;

/**
 * The access line, one per request: method, route pattern, status, duration, site id and
 * credential kind. No header, query string or body is logged (credentials, signed URLs).
 */
function accessLine(req: IncomingMessage, res: ServerResponse, responseTime: number) {
  const hc = (req as HcRequest).hc;
  return {
    request_id: String(req.id),
    method: req.method,
    route: routePattern(req),
    status: res.statusCode,
    duration_ms: responseTime,
    site_id: hc?.site?.id ?? null,
    // Routes that authenticate on their own (MCP) name their credential in res.locals.
    credential: hc?.credential.kind ?? credentialOf(res),
  };
}

/**
 * The request logging middleware (first on every app): assigns the request id, makes it the
 * current request's (`currentRequestId()`), and writes the access line when the response ends.
 */
export function requestLogging(): RequestHandler {
  const http = pinoHttp({
    logger: rootLogger(),
    genReqId: (req) => requestIdOf(req),
    quietResLogger: true,
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      return QUIET.test(req.url ?? '') ? 'debug' : 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, res, val: { responseTime: number }) =>
      accessLine(req, res, val.responseTime),
    customErrorObject: (req, res, _err, val: { responseTime: number }) =>
      accessLine(req, res, val.responseTime),
  });
  return (req, res, next) => {
    http(req, res);
    const started = process.hrtime.bigint();
    res.once('finish', () =>
      observeRequest(req, res, routePattern(req), Number(process.hrtime.bigint() - started) / 1e9),
    );
    runWithRequestId(String(req.id), next);
  };
}

/**
 * Re-enters the request's scope after the body is read: stream callbacks run in the socket's
 * async context, not the request's.
 */
export function requestScope(): RequestHandler {
  return (req, _res, next) => runWithRequestId(String(req.id), next);
}
