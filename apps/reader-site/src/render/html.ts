// Small, safe HTML building: every text goes through `esc`, every attribute through `attrs`.

/** A piece of HTML that is already safe to emit. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(value: string): Html {
  return new Html(value);
}

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type Child = Html | string | number | null | undefined | false | Child[];

/** Children joined: strings escaped, Html kept, empties dropped. */
export function join(children: Child[]): string {
  let out = '';
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) out += join(c);
    else if (c instanceof Html) out += c.value;
    else out += esc(c);
  }
  return out;
}

type AttrValue = string | number | boolean | null | undefined;

export function attrs(map: Record<string, AttrValue>): string {
  let out = '';
  for (const [name, value] of Object.entries(map)) {
    if (value === null || value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${esc(value)}"`;
  }
  return out;
}

const VOID = new Set(['img', 'input', 'meta', 'link', 'br', 'hr', 'source']);

/** `h('a', {href}, 'text')` → `<a href="…">text</a>`. */
export function h(
  tag: string,
  attributes: Record<string, AttrValue> = {},
  ...children: Child[]
): Html {
  if (VOID.has(tag)) return raw(`<${tag}${attrs(attributes)}>`);
  return raw(`<${tag}${attrs(attributes)}>${join(children)}</${tag}>`);
}

/** Only http(s), mailto and site-relative links are emitted; anything else becomes `#`. */
export function safeHref(href: unknown): string {
  if (typeof href !== 'string' || !href.trim()) return '#';
  const v = href.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (v.startsWith('#') || v.startsWith('?')) return v;
  if (/^(https?:|mailto:)/i.test(v)) return v;
  return '#';
}

/** A design color value: hex, a `var(--hc-color-*)` token or a bare token name; else null. */
export function safeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (/^#[0-9a-f]{3,8}$/i.test(v)) return v;
  if (/^var\(--hc-color-[a-z]+\)$/.test(v)) return v;
  if (
    /^[a-z]+$/.test(v) &&
    ['primary', 'accent', 'fg', 'bg', 'muted', 'surface', 'border'].includes(v)
  )
    return `var(--hc-color-${v})`;
  return null;
}
