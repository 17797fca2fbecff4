import type * as Http from 'node:http';
import type { IncomingMessage } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { isWrapped, registerInstrumentations } from '@opentelemetry/instrumentation';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import type { MessageInfo } from '@opentelemetry/instrumentation-kafkajs';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import express from 'express';
import { sameSecret } from './same-secret';

/**
 * Issue 36 item 6: OpenTelemetry traces, off unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set (an
 * operator's collector, reached directly, not through libs/net's fetcher). This module is the
 * first import of every app's main.ts (`@hc/http/tracing`), so the HTTP instrumentation is in
 * place before Nest and Express load. Off, nothing of the SDK is loaded (the build requires a
 * package when it is first used) and no span is made.
 *
 * - Incoming `traceparent`/`tracestate`/`baggage` are believed only from a peer HC_TRUST_PROXY
 *   names (like `X-Request-Id`) or from mcp-gateway's internal call (the right
 *   `X-HC-Internal-Token`, HC_INTERNAL_TOKEN: libs/http/src/internal-caller.ts); from anyone
 *   else they are dropped before the tracer reads them, so the request starts a new root trace.
 * - No trace header is ever written to a response (spec 4.1; the W3C propagator only injects
 *   into outgoing requests).
 * - Requests of libs/net's safe fetcher (webhook receivers, image imports, metadata fetches)
 *   carry the `hc.net.untraced` mark: they get no span and no injected header.
 * - Express, mysql2, ioredis and kafkajs are instrumented too (spans only: none of them writes a
 *   header into an HTTP request, and SQL comments stay off). kafkajs's instrumentation writes its
 *   producer span into each message's `traceparent`; `keepEventTraceContext` puts the event's
 *   own (the span of the write that announced it, from the outbox row) back, or removes it.
 */

const TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;
const UNTRACED = Symbol.for('hc.net.untraced');
/** Set by libs/events on a Kafka message: the `traceparent` of the event's write, if any. */
const EVENT_TRACEPARENT = Symbol.for('hc.events.traceparent');
const SHUTDOWN_BUDGET_MS = 3000;

let provider: NodeTracerProvider | null = null;
let unpatchServer: (() => void) | null = null;
let unregister: (() => void) | null = null;

export interface TracingOptions {
  /** An exporter instead of OTLP over HTTP (tests: the SDK's InMemorySpanExporter). */
  exporter?: SpanExporter;
  /** The environment to read (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/** Whether tracing is on: `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces-only variant) is set. */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Whether an incoming request's peer is a proxy HC_TRUST_PROXY names, as Express judges it. */
function trustFn(env: NodeJS.ProcessEnv): (address: string | undefined) => boolean {
  const raw = env.HC_TRUST_PROXY || 'loopback';
  const value =
    raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
  const judge = express().set('trust proxy', value).get('trust proxy fn') as (
    address: string | undefined,
    hop: number,
  ) => boolean;
  return (address) => judge(address, 0);
}

/**
 * Whether `req` carries the right HC_INTERNAL_TOKEN (mcp-gateway's call to content-api), as
 * `internalCallers` judges it later; read here because the tracer reads the headers first.
 */
function internalCall(req: IncomingMessage, env: NodeJS.ProcessEnv): boolean {
  const sent = req.headers['x-hc-internal-token'];
  const secret = env.HC_INTERNAL_TOKEN;
  return typeof sent === 'string' && Boolean(secret) && sameSecret(sent, secret!);
}

/**
 * Starts the SDK for `service` when tracing is on (or an exporter is given); returns whether it
 * started. Idempotent.
 */
export function startTracing(service: string, options: TracingOptions = {}): boolean {
  const env = options.env ?? process.env;
  if (provider) return true;
  if (!options.exporter && !tracingEnabled(env)) return false;
  const exporter = options.exporter ?? new OTLPTraceExporter();
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || service }),
    spanProcessors: [
      options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter),
    ],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const trusted = trustFn(env);
  const [instrumentation, ...others] = instrumentations();
  unregister = registerInstrumentations({
    instrumentations: [instrumentation, ...others],
    tracerProvider: provider,
  });
  // Required after the instrumentation is registered, so its wrapper is in place and ours goes
  // around it: the trace headers of an untrusted peer are gone before the tracer reads them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('node:http') as typeof Http;
  // Where require is not Node's own (jest's module registry), the require hook never fires: the
  // instrumentation's patch is applied to the core modules directly, once.
  const manual: (() => void)[] = [];
  if (!isWrapped(http.Server.prototype.emit)) {
    for (const def of instrumentation.getModuleDefinitions()) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exports = require(`node:${def.name}`) as unknown;
      def.patch?.(exports, process.versions.node);
      manual.push(() => def.unpatch?.(exports, process.versions.node));
    }
  }
  const proto = http.Server.prototype;
  const traced = proto.emit;
  proto.emit = function emit(this: Http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as IncomingMessage;
      if (!trusted(req.socket?.remoteAddress) && !internalCall(req, env)) {
        for (const h of TRACE_HEADERS) delete req.headers[h];
      }
    }
    return (traced as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
  unpatchServer = () => {
    proto.emit = traced;
    for (const undo of manual) undo();
  };
  return true;
}

/** The instrumentations tracing registers, the HTTP one first (see `startTracing`). */
export function instrumentations(): [HttpInstrumentation, ...Instrumentation[]] {
  return [
    new HttpInstrumentation({
      ignoreOutgoingRequestHook: (req) => (req as Record<symbol, unknown>)[UNTRACED] === true,
    }),
    new ExpressInstrumentation(),
    new MySQL2Instrumentation({ addSqlCommenterCommentToQueries: false }),
    new IORedisInstrumentation(),
    new KafkaJsInstrumentation({ producerHook: (_span, info) => keepEventTraceContext(info) }),
  ];
}

/**
 * kafkajs's producer hook: a message carries the trace context of the event's write (docs/events.md),
 * never the relay's producer span nor a `tracestate` or `baggage` of the relay's, so consumers
 * continue the write's trace and see nothing of the relay's own.
 */
export function keepEventTraceContext({ message }: Pick<MessageInfo, 'message'>): void {
  const headers = (message.headers ??= {});
  const own = (message as unknown as Record<symbol, unknown>)[EVENT_TRACEPARENT];
  delete headers.tracestate;
  delete headers.baggage;
  if (typeof own === 'string') headers.traceparent = own;
  else delete headers.traceparent;
}

/**
 * Flushes and stops the SDK within a few seconds (SIGTERM); spans not sent by then are lost
 * rather than holding the exit.
 */
export async function stopTracing(budgetMs = SHUTDOWN_BUDGET_MS): Promise<void> {
  const p = provider;
  if (!p) return;
  provider = null;
  unpatchServer?.();
  unpatchServer = null;
  unregister?.();
  unregister = null;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  trace.disable();
  propagation.disable();
  context.disable();
}

startTracing(serviceFromArgv());

/** The app name from the entry file (dist/apps/<app>/src/main.js). */
function serviceFromArgv(): string {
  const m = /apps[\\/]([^\\/]+)[\\/]/.exec(process.argv[1] ?? '');
  return m?.[1] ?? 'helpcenter';
}
