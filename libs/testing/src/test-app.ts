import { createServer } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { resetSettings } from '@hc/contracts';
import { createDataSource } from '@hc/data';
import { appDatabaseUser, fixtureDatabaseUrl } from './app-database-user';
import { Factory } from './factory';
import type { TestSession } from './factory';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface RequestOptions {
  /** `apikey` header. */
  key?: string;
  /** `Authorization: Bearer …`. */
  token?: string;
  /** JSON body (sent with `Content-Type: application/json`). */
  body?: unknown;
  /** A raw body with its own content type (multipart, text …). */
  raw?: RequestInit['body'];
  headers?: Record<string, string>;
  /**
   * A dashboard session (issue 37): its cookie and anti-CSRF header, sent as the dashboard's
   * same-origin page sends them; `site` adds `X-Service-Site`.
   */
  session?: TestSession;
  site?: number;
  /** Send `Accept: application/json` (default true). */
  json?: boolean;
}

export interface TestApp {
  app: INestApplication;
  url: string;
  factory: Factory;
  /**
   * The test's data source: the app's own, or, while the app runs as its own database user
   * (HC_TEST_AS_APP_USERS), one of the worker's administrator for fixtures and checks.
   */
  ds: DataSource;
  request<T = any>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function request<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.json !== false) headers.accept ??= 'application/json';
  if (options.key) headers.apikey = options.key;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.session) {
    headers.cookie ??= `hc_dashboard=${options.session.cookie}`;
    headers['x-csrf-token'] ??= options.session.csrf;
  }
  if (options.site !== undefined) headers['x-service-site'] ??= String(options.site);
  let body: RequestInit['body'] = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* HTML or text */
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
}

/** Starts an app (built by its own factory, as main.ts does) on a free port. */
export async function startTestApp(create: () => Promise<INestApplication>): Promise<TestApp> {
  const app = await create();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const fixtures: DataSource | null = appDatabaseUser()
    ? await createDataSource({ url: fixtureDatabaseUrl(), poolSize: 4 }).initialize()
    : null;
  const ds: DataSource = fixtures ?? app.get(DataSource);
  return {
    app,
    url,
    ds,
    factory: new Factory(ds),
    request: (method, path, options) => request(url, method, path, options),
    close: async () => {
      await app.close();
      await fixtures?.destroy();
    },
  };
}

/**
 * Starts auth-server (`create` is its factory) and makes it {auth_url} (`HC_AUTH_URL`) of this
 * process, so the apps started after it verify its tokens; `close()` stops it and forgets it.
 */
export async function startIssuer(create: () => Promise<INestApplication>): Promise<TestApp> {
  const auth = await startTestApp(create);
  process.env.HC_AUTH_URL = auth.url;
  resetSettings();
  return {
    ...auth,
    close: async () => {
      await auth.close();
      delete process.env.HC_AUTH_URL;
      resetSettings();
    },
  };
}

/** A TCP port free on 127.0.0.1 right now (for a helper process a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
