// Setting definitions shared by components, pages and the document parts, and the one checker
// that validation, the schema guide and defaults all read.

export type SettingDef =
  | { kind: 'text'; default: string; max: number; translatable?: boolean; help: string }
  | { kind: 'markdown'; default: string; max: number; translatable: true; help: string }
  | { kind: 'enum'; options: readonly (string | number)[]; default: string | number; help: string }
  | { kind: 'boolean'; default: boolean; help: string }
  | { kind: 'url'; default: string; help: string }
  | { kind: 'asset'; default: null; help: string }
  | { kind: 'color'; default: string | null; help: string }
  | { kind: 'links'; max: number; default: never[]; help: string }
  | { kind: 'social'; max: number; default: never[]; help: string };

export type SettingsDef = Record<string, SettingDef>;

/** A choice among `options` (an enum setting). */
export const choice = (
  options: readonly (string | number)[],
  value: string | number,
  help: string,
): SettingDef => ({ kind: 'enum', options, default: value, help });

/** An on/off setting. */
export const flag = (value: boolean, help: string): SettingDef => ({
  kind: 'boolean',
  default: value,
  help,
});

/** A component's translatable heading: text of at most `max` characters. */
export const heading = (text: string, max = 200): SettingDef => ({
  kind: 'text',
  default: text,
  max,
  translatable: true,
  help: 'Heading',
});

export const SOCIAL_NETWORKS = [
  'x',
  'facebook',
  'linkedin',
  'instagram',
  'youtube',
  'github',
  'discord',
  'mastodon',
  'tiktok',
] as const;

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const COLOR_TOKEN_VALUE = /^var\(--hc-color-(primary|accent|fg|bg|muted|surface|border)\)$/;

/** Links readers can follow: http(s), mailto, tel, site-relative paths and anchors. */
export function isSafeHref(v: string): boolean {
  if (v === '') return true;
  if (/^(\/(?!\/)|#|\?)/.test(v)) return !/[\s<>"]/.test(v);
  if (/^(mailto|tel):[^\s<>"]+$/i.test(v)) return true;
  return isHttpUrl(v);
}

export function isHttpUrl(v: string, httpsOnly = false): boolean {
  try {
    const u = new URL(v);
    return httpsOnly ? u.protocol === 'https:' : u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function isAssetId(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 4294967295;
}

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Checks one value against its definition; returns a message, or null when the value is fine. */
export function checkSetting(def: SettingDef, value: unknown): string | null {
  switch (def.kind) {
    case 'text':
    case 'markdown':
      if (typeof value !== 'string') return 'must be a string';
      if (value.length > def.max) return `must not be longer than ${def.max} characters`;
      return null;
    case 'enum':
      return def.options.includes(value as string | number)
        ? null
        : `must be one of ${def.options.map((o) => JSON.stringify(o)).join(', ')}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'url':
      if (typeof value !== 'string') return 'must be a string';
      if (value.length > 2048) return 'must not be longer than 2048 characters';
      return isSafeHref(value)
        ? null
        : 'must be an http(s) address, a path starting with /, an #anchor, mailto: or tel:';
    case 'asset':
      return value === null || isAssetId(value)
        ? null
        : 'must be an image id (a positive integer) or null';
    case 'color':
      return value === null ||
        (typeof value === 'string' && (HEX_COLOR.test(value) || COLOR_TOKEN_VALUE.test(value)))
        ? null
        : 'must be a hex color #rrggbb or #rrggbbaa, a token such as var(--hc-color-primary), or null';
    case 'links':
      return checkList(value, def.max, (item) => {
        if (!isPlain(item)) return 'must be an object {label, href}';
        const extra = Object.keys(item).filter((k) => k !== 'label' && k !== 'href');
        if (extra.length) return `unknown field ${extra[0]}`;
        if (typeof item.label !== 'string' || item.label.length > 120)
          return 'label must be a string up to 120 characters';
        if (typeof item.href !== 'string' || !isSafeHref(item.href))
          return 'href must be a safe link';
        return null;
      });
    case 'social':
      return checkList(value, def.max, (item) => {
        if (!isPlain(item)) return 'must be an object {network, url}';
        const extra = Object.keys(item).filter((k) => k !== 'network' && k !== 'url');
        if (extra.length) return `unknown field ${extra[0]}`;
        if (!(SOCIAL_NETWORKS as readonly unknown[]).includes(item.network)) {
          return `network must be one of ${SOCIAL_NETWORKS.join(', ')}`;
        }
        if (typeof item.url !== 'string' || !isHttpUrl(item.url))
          return 'url must be an http(s) address';
        return null;
      });
  }
}

function checkList(
  value: unknown,
  max: number,
  item: (v: unknown) => string | null,
): string | null {
  if (!Array.isArray(value)) return 'must be an array';
  if (value.length > max) return `must not have more than ${max} items`;
  for (const [i, v] of value.entries()) {
    const problem = item(v);
    if (problem) return `item ${i}: ${problem}`;
  }
  return null;
}

export function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function defaultsOf(settings: SettingsDef): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).map(([k, d]) => [k, structuredClone(d.default)]),
  );
}

/** How a definition reads in the schema guide. */
export function describeSetting(def: SettingDef): Record<string, unknown> {
  const out: Record<string, unknown> = { type: def.kind, default: def.default, help: def.help };
  if (def.kind === 'enum') out.options = def.options;
  if (def.kind === 'text' || def.kind === 'markdown') out.max_length = def.max;
  if (def.kind === 'links' || def.kind === 'social') out.max_items = def.max;
  if (def.kind === 'social') out.networks = SOCIAL_NETWORKS;
  if ((def.kind === 'text' || def.kind === 'markdown') && def.translatable) out.translatable = true;
  return out;
}

export { bytes as utf8Bytes };
