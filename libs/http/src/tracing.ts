import type * as Http from 'node:http';
import type { IncomingMessage } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { isWrapped, registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import express from 'express';

/**
 * Issue 36 item 6: OpenTelemetry traces, off unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set (an
 * operator's collector, reached directly, not through libs/net's fetcher). This module is the
 * first import of every app's main.ts (`@hc/http/tracing`), so the HTTP instrumentation is in
 * place before Nest and Express load. Off, nothing of the SDK is loaded (the build requires a
 * package when it is first used) and no span is made.
 *
 * - Incoming `traceparent`/`tracestate`/`baggage` are believed only from a peer HC_TRUST_PROXY
 *   names (like `X-Request-Id`); from anyone else they are dropped before the tracer reads
 *   them, so the request starts a new root trace.
 * - No trace header is ever written to a response (spec 4.1; the W3C propagator only injects
 *   into outgoing requests).
 * - Requests of libs/net's safe fetcher (webhook receivers, image imports, metadata fetches)
 *   carry the `hc.net.untraced` mark: they get no span and no injected header.
 */

const TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;
const UNTRACED = Symbol.for('hc.net.untraced');
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
  const instrumentation = new HttpInstrumentation({
    ignoreOutgoingRequestHook: (req) => (req as Record<symbol, unknown>)[UNTRACED] === true,
  });
  unregister = registerInstrumentations({
    instrumentations: [instrumentation],
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
      if (!trusted(req.socket?.remoteAddress)) {
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
