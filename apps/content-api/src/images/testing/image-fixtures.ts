// Test helpers for the images tests: real images made with sharp, multipart bodies, a local
// https image server with a self-signed certificate, and a temporary data directory.
import { mkdtempSync } from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { resetSettings } from '@hc/contracts';
import { selfSignedCertificate, startTestApp } from '@hc/testing';
import { createContentApi } from '../../app.factory';

export type Format = 'png' | 'jpeg' | 'gif' | 'webp';

/** A small real image; `seed` changes its pixels (and so its checksum). */
export async function makeImage(format: Format = 'png', seed = 1): Promise<Buffer> {
  const img = sharp({
    create: {
      width: 4,
      height: 4,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  });
  return img.toFormat(format).toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
);

/** A PNG file padded past 10 MB (the type is still PNG; the size is what is refused). */
export async function oversizedPng(): Promise<Buffer> {
  const png = await makeImage('png', 99);
  return Buffer.concat([png, Buffer.alloc(10_485_760 + 1 - png.length)]);
}

export function form(entries: [string, string | { data: Buffer; name: string }][]): FormData {
  const f = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([value.data]), value.name);
  }
  return f;
}

const TOUCHED = ['HC_DATA_DIR', 'HC_OUTBOUND_ALLOWLIST', 'NODE_EXTRA_CA_CERTS'] as const;
let savedEnv: Partial<Record<(typeof TOUCHED)[number], string>> | null = null;

function rememberEnv(): void {
  savedEnv ??= Object.fromEntries(TOUCHED.map((name) => [name, process.env[name]]));
}

/** A fresh HC_DATA_DIR and allow-list for one test file; call before starting the app. */
export function useTempDataDir(allowlist: string[] = []): string {
  rememberEnv();
  const dir = mkdtempSync(join(tmpdir(), 'hc-images-'));
  process.env.HC_DATA_DIR = dir;
  process.env.HC_OUTBOUND_ALLOWLIST = allowlist.join(',');
  resetSettings();
  return dir;
}

/** Puts back what `useTempDataDir` and `startImageServer` changed (call in afterAll). */
export function restoreEnv(): void {
  if (!savedEnv) return;
  for (const name of TOUCHED) {
    const value = savedEnv[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  savedEnv = null;
  resetSettings();
}

export type Route = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
) => void;

export interface ImageServer {
  origin: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/**
 * An https server on 127.0.0.1 with a self-signed certificate (`selfSignedCertificate()` of
 * @hc/testing), trusted the way production
 * trusts extra CAs: its PEM is named by NODE_EXTRA_CA_CERTS (read by @hc/net's fetcher).
 */
export async function startImageServer(
  routes: Record<string, Route>,
  cert: { key: string; cert: string; certPath: string },
): Promise<ImageServer> {
  rememberEnv();
  process.env.NODE_EXTRA_CA_CERTS = cert.certPath;
  const hits: string[] = [];
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    hits.push(req.url ?? '');
    const path = (req.url ?? '/').split('?')[0];
    const route = routes[path];
    if (route) return route(req, res);
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(
  body: Buffer | string,
  type = 'application/octet-stream',
  status = 200,
): Route {
  return (_req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', type);
    res.end(body);
  };
}

export function redirect(location: string, status = 302): Route {
  return (_req, res) => {
    res.statusCode = status;
    res.setHeader('location', location);
    res.end();
  };
}

/**
 * The start of an import test file: an https image server with `routes` that content-api may
 * fetch from (and nothing else), a fresh data directory, the app, a site and its key. `stop()`
 * stops both servers and puts the settings back.
 */
export async function startImportApp(routes: Record<string, Route>) {
  const server = await startImageServer(routes, selfSignedCertificate());
  const dataDir = useTempDataDir([`127.0.0.1:${server.port}`]);
  const t = await startTestApp(createContentApi);
  const site = await t.factory.site();
  const key = await t.factory.key(site);
  const stop = async () => {
    restoreEnv();
    await t.close();
    await server.close();
  };
  return { server, dataDir, t, site, key, stop };
}
