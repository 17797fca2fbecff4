// Custom CSS (spec 4.12): blocks are stored as sent; what renders is parsed with postcss and
// cleaned of `@import`, `@charset`, `@namespace`, `expression()`, `behavior:` and `javascript:`
// URLs. `customCss` is compiled from the enabled blocks on every change.
import postcss, { CssSyntaxError } from 'postcss';
import type { ChildNode, Container } from 'postcss';
import type { CssItem } from '@hc/design';

export const CSS_MAX_BYTES = 204_800;

export interface RenderedCss {
  css: string;
  /** What was removed, in the words of the warning (`@import`, `expression()` …). */
  removed: string[];
}

export class CssParseError extends Error {}

const BLOCKED_AT_RULES = new Set(['import', 'charset', 'namespace']);

/** CSS escapes (`\6a ava`) and comments decoded, so `java\script:` is caught as `javascript:`. */
function normalize(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd),
    )
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
}

function unsafeValue(value: string): string | null {
  const v = normalize(value);
  if (/expression\s*\(/.test(v)) return 'expression()';
  if (/url\(\s*['"]?\s*javascript:/.test(v) || /(^|[\s,(])['"]\s*javascript:/.test(v))
    return 'javascript: URL';
  return null;
}

function isEmptyContainer(node: ChildNode): boolean {
  if (node.type !== 'rule' && node.type !== 'atrule') return false;
  const nodes = (node as Container).nodes as ChildNode[] | undefined;
  return nodes !== undefined && nodes.length === 0;
}

/** Parses and cleans one block. Throws CssParseError when the CSS cannot be parsed. */
export function renderCss(source: string): RenderedCss {
  let root;
  try {
    root = postcss.parse(source);
  } catch (err) {
    if (err instanceof CssSyntaxError)
      throw new CssParseError(`CSS syntax error at line ${err.line}: ${err.reason}`);
    throw err;
  }
  const removed = new Set<string>();
  root.walkComments((c) => {
    c.remove();
  });
  /** Removes `node` when there is a `problem`, noting it for the warning. */
  const drop = (node: { remove(): unknown }, problem: string | null) => {
    if (!problem) return;
    removed.add(problem);
    node.remove();
  };
  root.walkAtRules((rule) => {
    const name = rule.name.toLowerCase();
    drop(rule, BLOCKED_AT_RULES.has(name) ? `@${name}` : unsafeValue(rule.params));
  });
  root.walkDecls((decl) => {
    const prop = normalize(decl.prop);
    const behavior = prop === 'behavior' || prop === '-ms-behavior';
    drop(decl, behavior ? 'behavior:' : unsafeValue(decl.value));
  });
  // Rules left without declarations render as nothing; remove them, innermost first.
  let changed = true;
  while (changed) {
    changed = false;
    root.walk((node) => {
      if (isEmptyContainer(node)) {
        node.remove();
        changed = true;
      }
    });
  }
  // A `</style` inside a string must not close the page's style element.
  const css = root
    .toString()
    .trim()
    .replace(/<\/(style)/gi, '<\\/$1');
  return { css, removed: [...removed] };
}

/** `customCss`: the enabled blocks in order, each cleaned. */
export function compileCustomCss(items: CssItem[]): string {
  return items
    .filter((i) => i.enabled)
    .map((i) => {
      try {
        const { css } = renderCss(i.css);
        return css ? `/* ${i.id} */\n${css}` : '';
      } catch {
        return '';
      }
    })
    .filter(Boolean)
    .join('\n\n');
}

export function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}
