import type { Server } from 'node:http';
import { INestApplication, Logger, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import { AppName, checkSettings, settings, useSettings } from '@hc/contracts';
import { boundedBodies, credentialCheck } from './body-limit';
import {
  configureLogging,
  exitAfterLogs,
  nestLogger,
  requestLogging,
  requestScope,
  rootLogger,
} from './logging';
import { internalCallers } from './internal-caller';
import { cors, forceHttps, jsonBody, KnownHost } from './middleware';
import { stopGracefully } from './shutdown';
import { stopTracing } from './tracing';
import { explainStartupFailure } from './startup-failure';

export interface HttpAppOptions {
  /** Trim strings and turn '' into null in JSON bodies (off for the design API, spec 4.12). */
  trimStrings?: boolean;
  /** Parse JSON bodies (off for apps that parse their own, like oidc-provider). */
  jsonBody?: boolean;
  /** Send the CORS headers of spec 4.1 rule 8 (off for auth-server: spec 4.13, no CORS). */
  cors?: boolean;
  /** Routes whose signed URL is their credential: they read bodies over 64 KB themselves. */
  signedBodyPaths?: RegExp;
  /** Hosts the HTTPS redirect may send to besides the platform's (reader-site: site domains). */
  knownHost?: (app: INestApplication) => KnownHost;
  /**
   * Believe mcp-gateway's forwarded agent address on calls that carry `HC_INTERNAL_TOKEN`
   * (content-api only; issue 36, `internalCallers`).
   */
  internalCallers?: boolean;
}

/** Applies the shared HTTP behaviour of spec 4.1 to an app (also used by tests). */
export function configureHttpApp(app: INestApplication, options: HttpAppOptions = {}): void {
  const s = settings();
  const express = app as NestExpressApplication;
  express.set('trust proxy', parseTrustProxy(s.trustProxy));
  express.set('query parser', 'extended');
  express.disable('x-powered-by');
  // Before the request id is chosen and the https redirect (both ask `fromInternalCaller`).
  if (options.internalCallers) express.use(internalCallers());
  express.use(requestLogging());
  if (s.forceHttps) express.use(forceHttps(options.knownHost?.(app)));
  if (options.cors !== false) express.use(cors());
  express.use(boundedBodies(credentialCheck(app), options.signedBodyPaths));
  if (options.jsonBody !== false) express.use(...jsonBody({ trim: options.trimStrings !== false }));
  express.use(requestScope());
}

/** HC_TRUST_PROXY as Express reads it: true/false, a hop count, or addresses and CIDRs. */
export function parseTrustProxy(value: string): string | boolean | number {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export async function createHttpApp(module: Type<unknown>, options: HttpAppOptions = {}) {
  const app = await newNestApp(module);
  configureHttpApp(app, options);
  return app;
}

/**
 * An app that only passes requests on (the edge's proxy, the dashboard's files): the shared
 * start-up, proxy trust, request log and HTTPS redirect, then `handler`; no body parsing, no CORS.
 */
export async function createPassThroughApp(
  module: Type<unknown>,
  handler: RequestHandler,
): Promise<INestApplication> {
  const app = await newNestApp(module);
  app.set('trust proxy', parseTrustProxy(settings().trustProxy));
  app.disable('x-powered-by');
  app.use(requestLogging());
  if (settings().forceHttps) app.use(forceHttps());
  app.use(handler);
  return app;
}

async function newNestApp(module: Type<unknown>): Promise<NestExpressApplication> {
  // abortOnError off: a start-up failure rejects (runApp logs it and exits 1) instead of Nest
  // calling process.exit inside a test runner that hosts several apps.
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(nestLogger());
  return app;
}

/**
 * The boot check (issue 18): validates the settings once, logs unknown `HC_*` names, and throws
 * (naming each setting to fix) when production would start on a development default.
 */
export function bootSettings(logger: Pick<Logger, 'warn'>, app?: string): void {
  const { settings: s, warnings } = checkSettings(process.env, app);
  for (const w of warnings) logger.warn(w);
  useSettings(s);
}

export interface RunOptions {
  /** The port (default HC_<APP>_PORT). */
  port?: () => number;
  /** Further servers the app answers on once listening; drained on shutdown like the first. */
  listenMore?: (app: INestApplication) => Promise<Server[]>;
}

/**
 * Runs an app on its own port (HC_<APP>_PORT, or `port()`). SIGTERM or SIGINT: stop accepting,
 * finish in-flight work (each module's shutdown hooks), exit 0 within HC_SHUTDOWN_TIMEOUT
 * (docs/operations.md "Stopping", `stopGracefully`).
 */
export async function runApp(
  name: AppName | 'edge',
  create: () => Promise<INestApplication>,
  options: RunOptions = {},
): Promise<void> {
  const port = options.port ?? (() => settings().ports[name as AppName]);
  let extra: Server[] = [];
  configureLogging({ service: name });
  Logger.overrideLogger(nestLogger());
  const logger = new Logger(name);
  let app: INestApplication | null = null;
  let stopping = false;
  // Handlers go in before anything starts, so a SIGTERM during start-up is graceful too.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing in-flight work`);
    // The spans of the last requests are flushed (at most a few seconds) before the exit.
    if (!app) return void stopTracing().then(() => exitAfterLogs(0));
    void stopGracefully(app, logger, extra).then(async (code) => {
      await stopTracing();
      return exitAfterLogs(code);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  try {
    bootSettings(logger, name);
    app = await create();
    if (stopping) {
      await app.close();
      return await exitAfterLogs(0);
    }
    await app.listen(port());
    extra = (await options.listenMore?.(app)) ?? [];
    logger.log(`listening on port ${port()}`);
  } catch (err) {
    await failStart(name, err);
  }
}

/**
 * A start-up failure (issue 35): the JSON line on stdout like every log line, the reason in
 * words on stderr (the service or setting to fix), and both written before the process ends;
 * a crash loop with empty logs tells nobody anything.
 */
async function failStart(name: AppName | 'edge', err: unknown): Promise<never> {
  const reason = explainStartupFailure(name, err);
  Logger.flush(); // what Nest held back during start-up comes first
  rootLogger().fatal({ err }, reason);
  process.stderr.write(`${name} could not start: ${reason}\n`);
  return exitAfterLogs(1);
}
