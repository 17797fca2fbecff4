import { trustSiteId } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';

/** Flags as the `hc` dispatcher passes them: `--flag value`, bare booleans, repeated → array. */
export type Flags = Record<string, string | boolean | string[]>;

export class CliError extends Error {}

/** A progress line for the operator, on stderr (stdout carries only the result's JSON). */
export function progress(line: string): void {
  process.stderr.write(`hc: ${line}\n`);
}

export function str(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return v[v.length - 1];
  if (v === true) throw new CliError(`--${name} needs a value`);
  return v === false ? undefined : v;
}

export function requireStr(flags: Flags, name: string): string {
  const v = str(flags, name);
  if (v === undefined || v === '') throw new CliError(`--${name} is required`);
  return v;
}

export function int(flags: Flags, name: string): number | undefined {
  const v = str(flags, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new CliError(`--${name} must be a number`);
  return Number(v);
}

/**
 * `--site N`: the operator names the site, so the CLI is one of the places a `SiteId` is built
 * (issue 22, docs/architecture.md "Site scope").
 */
export function siteFlag(flags: Flags): SiteId | undefined {
  const id = int(flags, 'site');
  return id === undefined ? undefined : trustSiteId(id);
}

/** `--site N`, required. */
export function requireSiteFlag(flags: Flags): SiteId {
  const site = siteFlag(flags);
  if (site === undefined) throw new CliError('--site is required');
  return site;
}

export function requireInt(flags: Flags, name: string): number {
  const v = int(flags, name);
  if (v === undefined) throw new CliError(`--${name} is required`);
  return v;
}

/** Bare (`--flag`) or `true`/`false`; absent → undefined. */
export function bool(flags: Flags, name: string): boolean | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return v;
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  if (/^(true|1|yes)$/i.test(s)) return true;
  if (/^(false|0|no)$/i.test(s)) return false;
  throw new CliError(`--${name} must be true or false`);
}

/** Comma-separated list; an empty value is an empty list. */
export function list(flags: Flags, name: string): string[] | undefined {
  const v = str(flags, name);
  if (v === undefined) return undefined;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function all(flags: Flags, name: string): string[] {
  const v = flags[name];
  if (v === undefined || typeof v === 'boolean') return [];
  return Array.isArray(v) ? v : [v];
}
