import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { FormClient, request, RequestOptions, TestResponse } from '@hc/testing';
import type { TestSession } from '@hc/testing';

const run = promisify(execFile);

/** The running stack of this e2e run (started by global-setup.cjs). */
export const stack = {
  /** The edge: one origin in front of every service. */
  url: process.env.HC_E2E_URL as string,
  publicUrl: process.env.HC_E2E_PUBLIC_URL as string,
  /** The edge's reader port: reader pages only, their own origin (issue #14). */
  readerUrl: process.env.HC_E2E_READER_URL as string,
  env: JSON.parse(process.env.HC_E2E_ENV ?? '{}') as Record<string, string>,
  demo: JSON.parse(process.env.HC_E2E_DEMO ?? 'null') as {
    site: { id: number; subdomain: string };
    user: { id: number; email: string };
    password: string;
    key: string;
  },
};

export function edge<T = any>(
  method: string,
  path: string,
  options?: RequestOptions,
): Promise<TestResponse<T>> {
  return request<T>(stack.url, method, path, options);
}

/** POST /v1/articles through the edge with `key` (201 with the `article` when accepted). */
export function postArticle(key: string, body: Record<string, unknown>) {
  return edge('POST', '/v1/articles', { key, body });
}

/** Runs the operator CLI against the stack's database, as an operator would. */
export async function hc<T = any>(...args: string[]): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    [path.join(__dirname, '../../tools/scripts/hc.cjs'), ...args],
    {
      env: { ...process.env, ...stack.env },
    },
  );
  return JSON.parse(stdout) as T;
}

/** Runs the CLI expecting failure; returns its one-line message (the last line on stderr). */
export async function hcFails(...args: string[]): Promise<string> {
  try {
    await hc(...args);
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? err).trim();
    return stderr.split('\n').pop() ?? '';
  }
  throw new Error(`hc ${args.join(' ')} succeeded`);
}

/** `--name value` words from an object, in its order (`true`: a bare `--name`). */
export function flags(named: Record<string, string | number | true>): string[] {
  return Object.entries(named).flatMap(([name, v]) =>
    v === true ? [`--${name}`] : [`--${name}`, String(v)],
  );
}

/** `hc <command>` (its words in one string) with `--name value` flags from an object. */
export function cli<T = any>(command: string, named: Parameters<typeof flags>[0] = {}): Promise<T> {
  return hc<T>(...command.split(' '), ...flags(named));
}

let seq = 0;
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${seq}`;
}

/** `hc site create` for `ownerId` with a fresh subdomain (more `site create` flags after). */
export async function createSite(ownerId: number, name: string, ...more: string[]) {
  const { site } = await hc(
    'site',
    'create',
    ...flags({ owner: ownerId, name, subdomain: unique('s').toLowerCase() }),
    ...more,
  );
  return site as { id: number; uuid: string; subdomain: string; url: string };
}

/** A new site of the demo user with a Read & write key, made with the operator CLI. */
export async function siteWithKey(name: string) {
  const site = await createSite(stack.demo.user.id, name);
  const { key } = await cli('key create', {
    site: site.id,
    user: stack.demo.user.id,
    scope: 'read_write',
  });
  return { site, key: key.token as string };
}

/** A new person and a site they own, through the operator CLI (more `site create` flags after). */
export async function ownedSite(name: string, password: string, ...flags: string[]) {
  const email = `${unique('owner')}@example.test`;
  const { user } = await hc('user', 'create', '--email', email, '--password', password);
  return { email, user, site: await createSite(user.id, name, ...flags) };
}

/**
 * A new person, a site they own and a Read & write key of theirs, through the operator CLI.
 * `siteFlags` and `keyFlags` go to `hc site create` and `hc key create` as they are.
 */
export async function ownerWithKey(
  name: string,
  options: { siteFlags?: string[]; keyFlags?: string[] } = {},
) {
  const password = 'secret-pass-1';
  const { user, site, email } = await ownedSite(name, password, ...(options.siteFlags ?? []));
  const { key } = await hc(
    'key',
    'create',
    ...flags({ site: site.id, user: user.id, scope: 'read_write' }),
    ...(options.keyFlags ?? []),
  );
  return { user: user as { id: number }, site, key: key.token as string, email, password };
}

/**
 * Signs a person in to the dashboard through the edge as a browser would (the sign-in form), and
 * reads the session's anti-CSRF token from GET /v1/session (issue 37).
 */
export async function dashboardSession(email: string, password: string): Promise<TestSession> {
  const browser = new FormClient(stack.url, `10.37.0.${Math.floor(Math.random() * 250) + 1}`);
  const signedIn = await browser.submit('/signin', '/signin', { email, password });
  if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
  const cookie = browser.cookie('hc_dashboard') as string;
  const me = await edge('GET', '/v1/session', { headers: { cookie: `hc_dashboard=${cookie}` } });
  return { cookie, csrf: me.body.data.csrf_token, userId: me.body.data.user.id };
}
