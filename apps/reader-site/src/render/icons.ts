import { LUCIDE_SVG } from './lucide-icons';
import { h, Html, raw } from './html';

/**
 * Category icons (spec 2.4: `icon`, up to 190 characters), issue #27. The value is one of:
 * - a Lucide icon name from tools/scripts/icons.cjs's list (kebab-case, as lucide.dev spells it, plus a few
 *   common aliases), rendered as the inline SVG that `lucide-static` ships, copied into
 *   ./lucide-icons.ts by tools/scripts/icons.cjs (the image carries no icon package);
 * - an emoji (one grapheme of pictographic characters), shown as text;
 * - an https image URL, shown as an `<img>` (the reader CSP's `img-src` allows https);
 * - anything else: nothing (never the raw word).
 * Only the icons listed there are shipped, so the renderer carries this set, not all of Lucide.
 */
const LUCIDE: Readonly<Record<string, string>> = LUCIDE_SVG;

/** Names people commonly type for the same pictures (Font Awesome / Material habits). */
const ALIASES: Record<string, string> = {
  home: 'house',
  help: 'circle-help',
  question: 'circle-help',
  'help-circle': 'circle-help',
  support: 'life-buoy',
  billing: 'credit-card',
  payment: 'credit-card',
  payments: 'credit-card',
  account: 'user',
  security: 'shield',
  email: 'mail',
  envelope: 'mail',
  chat: 'message-circle',
  gear: 'settings',
  tools: 'wrench',
  shipping: 'truck',
  cart: 'shopping-cart',
  api: 'code',
  integrations: 'plug',
  analytics: 'chart-bar',
  'getting-started': 'rocket',
  docs: 'book-open',
  documentation: 'book-open',
  idea: 'lightbulb',
  mobile: 'smartphone',
};

/** The SVG markup once per icon: whitespace collapsed, hidden from assistive technology. */
const svgCache = new Map<string, string>();
function svg(name: string): string {
  let out = svgCache.get(name);
  if (out === undefined) {
    out = LUCIDE[name]
      .replace(/\s+/g, ' ')
      .replace(/\s*(\/?>)\s*/g, '$1')
      .trim()
      .replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
    svgCache.set(name, out);
  }
  return out;
}

/** One grapheme made of pictographic characters (with joiners / variation selectors / skin tones). */
const EMOJI =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:[\u200d\ufe0f\u20e3\p{Emoji_Modifier}\p{Extended_Pictographic}\p{Regional_Indicator}])*$/u;

export type CategoryIcon =
  | { kind: 'lucide'; name: string }
  | { kind: 'emoji'; text: string }
  | { kind: 'image'; url: string }
  | null;

/** What a stored `icon` value means; null when it is none of the three forms. */
export function parseCategoryIcon(value: string | null | undefined): CategoryIcon {
  const v = (value ?? '').trim();
  if (!v) return null;
  const name = v.toLowerCase().replace(/[\s_]+/g, '-');
  const known = LUCIDE[name] !== undefined ? name : ALIASES[name];
  if (known) return { kind: 'lucide', name: known };
  if (v.length <= 32 && EMOJI.test(v)) return { kind: 'emoji', text: v };
  if (/^https:\/\/[^\s"'<>]+$/i.test(v)) {
    try {
      return { kind: 'image', url: new URL(v).href };
    } catch {
      return null;
    }
  }
  return null;
}

/** The icon's HTML inside `<span class="hc-icon">`, or null (nothing is rendered). */
export function categoryIcon(value: string | null | undefined): Html | null {
  const icon = parseCategoryIcon(value);
  if (!icon) return null;
  const inner =
    icon.kind === 'lucide'
      ? raw(svg(icon.name))
      : icon.kind === 'emoji'
        ? icon.text
        : h('img', { src: icon.url, alt: '', width: 24, height: 24, loading: 'lazy' });
  return h(
    'span',
    {
      class: `hc-icon hc-icon-${icon.kind}`,
      'aria-hidden': 'true',
      'data-icon': icon.kind === 'lucide' ? icon.name : null,
    },
    inner,
  );
}

export const LUCIDE_ICON_NAMES: readonly string[] = Object.keys(LUCIDE);
