import {
  articleBody,
  contactForm,
  languageName,
  renderComponent,
  renderComponents,
} from './components';
import { articlePath, link, RenderContext } from './context';
import { COLOR_TOKENS } from '../data/design-document';
import type { Component, DesignDocument, RegionKey, Script } from '../data/design-document';
import { esc, h, Html, join, raw } from './html';
import { BASE_CSS } from './styles';

const RADII: Record<string, string> = {
  none: '0',
  small: '4px',
  medium: '8px',
  large: '16px',
  full: '9999px',
};
const DENSITY: Record<string, string> = {
  compact: '0.75rem',
  comfortable: '1rem',
  spacious: '1.5rem',
};
const GENERIC_FONTS = new Set([
  'system-ui',
  'ui-monospace',
  'ui-serif',
  'ui-sans-serif',
  'serif',
  'sans-serif',
  'monospace',
]);

function font(name: unknown, fallback: string): string {
  if (typeof name !== 'string' || !/^[A-Za-z0-9 -]{1,60}$/.test(name)) return fallback;
  return GENERIC_FONTS.has(name) ? `${name}, ${fallback}` : `"${name}", ${fallback}`;
}

function palette(colors: Record<string, string> | undefined): string {
  return COLOR_TOKENS.map((t) => {
    const v = colors?.[t];
    return typeof v === 'string' && /^#[0-9a-f]{3,8}$/i.test(v) ? `--hc-color-${t}:${v};` : '';
  }).join('');
}

/** The theme tokens as the CSS variables the schema guide names (`--hc-color-*`, fonts, radius). */
export function themeCss(doc: DesignDocument): string {
  const theme = doc.theme ?? {};
  const fonts = theme.fonts ?? {};
  const radius = theme.radius ?? {};
  const root =
    palette(theme.colors) +
    `--hc-font-heading:${font(fonts.heading, 'system-ui, sans-serif')};` +
    `--hc-font-body:${font(fonts.body, 'system-ui, sans-serif')};` +
    `--hc-font-code:${font(fonts.code, 'ui-monospace, monospace')};` +
    `--hc-radius-buttons:${RADII[radius.buttons ?? 'medium'] ?? RADII.medium};` +
    `--hc-radius-cards:${RADII[radius.cards ?? 'medium'] ?? RADII.medium};` +
    `--hc-radius-inputs:${RADII[radius.inputs ?? 'small'] ?? RADII.small};` +
    `--hc-space:${DENSITY[theme.density ?? 'comfortable'] ?? DENSITY.comfortable};`;
  const dark = palette(theme.darkColors);
  return `:root{${root}}${dark ? `@media (prefers-color-scheme: dark){:root{${dark}}}` : ''}`;
}

/**
 * The design's scripts (added with `design.write`), each carrying the page's CSP nonce: they run
 * on the reader origin, and nothing content injects does (issue #14).
 */
function scripts(ctx: RenderContext, position: Script['position']): string {
  const { doc, page, nonce } = ctx;
  return (doc.globals?.scripts ?? [])
    .filter(
      (s) => s.enabled !== false && s.position === position && (!s.pages || s.pages.includes(page)),
    )
    .map((s) => {
      if (s.src && /^https:\/\//i.test(s.src)) {
        return h('script', {
          src: s.src,
          defer: Boolean(s.defer),
          async: Boolean(s.async),
          integrity: s.integrity ?? null,
          crossorigin: s.integrity ? 'anonymous' : null,
          nonce,
          'data-hc-script': s.id,
        }).value;
      }
      // The design service refuses `<script` inside inline bodies; `</script` is escaped anyway.
      if (s.inlineBody)
        return `<script nonce="${esc(nonce)}" data-hc-script="${esc(s.id)}">${s.inlineBody.replace(/<\/script/gi, '<\\/script')}</script>`;
      if (s.htmlBody) return s.htmlBody.replace(/<script\b/gi, `<script nonce="${esc(nonce)}"`);
      return '';
    })
    .join('');
}

const REGION_TAG: Record<RegionKey, string> = {
  header: 'header',
  hero: 'section',
  sidebar: 'aside',
  main: 'main',
  footer: 'footer',
  utility: 'div',
};

function regionStyle(
  cfg:
    | { background?: string | null; padding?: string; borderBottom?: boolean; align?: string }
    | undefined,
) {
  const bg =
    typeof cfg?.background === 'string' &&
    (/^#[0-9a-f]{3,8}$/i.test(cfg.background) || /^var\(--hc-color-[a-z]+\)$/.test(cfg.background))
      ? cfg.background
      : null;
  return {
    class: `hc-region hc-pad-${esc(cfg?.padding ?? 'standard')}${cfg?.borderBottom ? ' hc-border-bottom' : ''} hc-align-${esc(cfg?.align ?? 'left')}`,
    style: bg ? `background:${bg}` : null,
  };
}

function hasType(list: Component[] | undefined, type: string): boolean {
  return (list ?? []).some((c) => c.type === type || hasType(c.children, type));
}

/** The main region: the design's components, plus what the page cannot do without. */
async function mainContent(ctx: RenderContext, components: Component[]): Promise<string> {
  const s = ctx.subject;
  const before: string[] = [];
  const after: string[] = [];
  const stub = (type: string): Component => ({
    id: `page-${type.toLowerCase()}`,
    type,
    config: {},
    visibleOn: 'all',
    children: [],
  });
  if (s.kind === 'article' && !hasType(components, 'ArticleBody'))
    before.push(String(await articleBody(ctx, stub('ArticleBody'))));
  if (s.kind === 'contact' && !hasType(components, 'ContactForm'))
    before.push(String(await contactForm(ctx, stub('ContactForm'))));
  if (
    s.kind === 'category' &&
    !components.some((c) => c.type === 'ArticleList' && c.config?.source === 'category')
  ) {
    after.push(
      await renderComponent(ctx, { ...stub('ArticleList'), config: { source: 'category' } }),
    );
  }
  if (s.kind === 'search') before.push(searchResults(ctx).value);
  if (s.kind === 'notFound') {
    before.push(
      h(
        'section',
        { class: 'hc-not-found' },
        h('h1', {}, ctx.texts.t('not_found.title')),
        h('p', {}, ctx.texts.t('not_found.message')),
        h('p', {}, h('a', { href: link(ctx, '/') }, ctx.texts.t('not_found.back_home'))),
      ).value,
    );
  }
  return before.join('') + (await renderComponents(ctx, components)).value + after.join('');
}

function searchResults(ctx: RenderContext): Html {
  if (ctx.subject.kind !== 'search') return raw('');
  const { query, results, didYouMean } = ctx.subject;
  if (results === null)
    return h('h1', { class: 'hc-visually-hidden' }, ctx.texts.t('search.button'));
  return h(
    'section',
    { class: 'hc-search-results', 'aria-labelledby': 'hc-results-title' },
    h('h1', { id: 'hc-results-title' }, ctx.texts.t('search.results_title', { query })),
    h('p', { role: 'status' }, ctx.texts.plural('search.results_count', results.length)),
    didYouMean ? didYouMeanLink(ctx, didYouMean) : null,
    results.length
      ? h(
          'ol',
          { class: 'hc-article-list' },
          results.map((a) =>
            h(
              'li',
              {},
              h('a', { href: link(ctx, articlePath(a)) }, a.title),
              a.snippet?.length
                ? h(
                    'p',
                    { class: 'hc-excerpt' },
                    a.snippet.map((part) => (part.hit ? h('mark', {}, part.text) : part.text)),
                  )
                : a.excerpt
                  ? h('p', { class: 'hc-excerpt' }, a.excerpt)
                  : null,
            ),
          ),
        )
      : h('p', {}, ctx.texts.t('search.no_results')),
  );
}

/** Issue 40: the corrected query as a link to its search (the text escaped by `h`). */
function didYouMeanLink(ctx: RenderContext, corrected: string): Html {
  const [before, after = ''] = ctx.texts
    .t('search.did_you_mean', { query: '\u0000' })
    .split('\u0000');
  return h(
    'p',
    { class: 'hc-did-you-mean' },
    before,
    h('a', { href: link(ctx, `/search?q=${encodeURIComponent(corrected)}`) }, corrected),
    after,
  );
}

export interface PageHead {
  title: string;
  description: string | null;
  canonical: string | null;
  /** JSON-LD scripts, already escaped (issue #26, agents/structured-data.ts). */
  structuredData?: string;
}

/** A whole page from the design: head with theme variables and custom CSS, regions, scripts. */
export async function renderPage(ctx: RenderContext, head: PageHead): Promise<string> {
  const doc = ctx.doc;
  const page = doc.pages?.[ctx.page] ?? doc.pages?.home ?? { regions: {} };
  const regions = page.regions ?? {};
  const region = async (key: RegionKey): Promise<string> => {
    const r = regions[key];
    const components = r?.components ?? [];
    if (key !== 'main' && components.length === 0) return '';
    const inner =
      key === 'main'
        ? await mainContent(ctx, components)
        : (await renderComponents(ctx, components)).value;
    if (key !== 'main' && !inner) return '';
    return h(
      REGION_TAG[key],
      { ...regionStyle(r?.config), 'data-hc-region': key, id: key === 'main' ? 'hc-main' : null },
      raw(inner),
    ).value;
  };
  const [header, hero, sidebar, main, footer, utility] = await Promise.all(
    (['header', 'hero', 'sidebar', 'main', 'footer', 'utility'] as RegionKey[]).map(region),
  );
  const layout = ['sidebar-left', 'sidebar-right', 'narrow'].includes(String(page.layout))
    ? String(page.layout)
    : 'full';
  const direction =
    doc.meta?.direction === 'rtl' || doc.meta?.direction === 'ltr' ? doc.meta.direction : 'auto';
  const alternates = ctx.languages
    .filter((l) => l !== ctx.lang)
    .map(
      (l) =>
        h('link', {
          rel: 'alternate',
          hreflang: l,
          href:
            `${ctx.base}${l === ctx.site.defaultLanguage ? '' : `/${l}`}${ctx.path === '/' ? '' : ctx.path}` ||
            '/',
        }).value,
    )
    .join('');
  const preview = ctx.preview
    ? h(
        'p',
        { class: 'hc-preview-banner', role: 'status' },
        'Draft preview — readers see the published design.',
      ).value
    : '';
  return (
    '<!doctype html>' +
    `<html lang="${esc(ctx.lang)}" dir="${esc(direction)}">` +
    '<head>' +
    scripts(ctx, 'headStart') +
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    h('title', {}, head.title).value +
    (head.description ? h('meta', { name: 'description', content: head.description }).value : '') +
    (doc.meta?.noIndex || ctx.preview || ctx.site.visibility !== 'public'
      ? '<meta name="robots" content="noindex">'
      : '') +
    (head.canonical ? h('link', { rel: 'canonical', href: head.canonical }).value : '') +
    (head.structuredData ?? '') +
    (await headExtras(ctx, head)) +
    alternates +
    `<style>${BASE_CSS}</style>` +
    `<style data-hc-theme>${themeCss(doc)}</style>` +
    (doc.customCss
      ? `<style data-hc-custom-css>${doc.customCss.replace(/<\/style/gi, '<\\/style')}</style>`
      : '') +
    scripts(ctx, 'headEnd') +
    '</head>' +
    `<body data-hc-page="${esc(ctx.page)}">` +
    scripts(ctx, 'bodyStart') +
    `<a class="hc-skip" href="#hc-main">Skip to content</a>` +
    preview +
    header +
    hero +
    `<div class="hc-body hc-page-${esc(layout)}">` +
    (layout === 'sidebar-left'
      ? sidebar + main
      : layout === 'sidebar-right'
        ? main + sidebar
        : main) +
    '</div>' +
    footer +
    utility +
    scripts(ctx, 'bodyEnd') +
    '</body></html>'
  );
}

/** Favicon and the social texts of `meta` (spec 2.9 design document). */
async function headExtras(ctx: RenderContext, head: PageHead): Promise<string> {
  const doc = ctx.doc;
  let out = '';
  const favicon = doc.brand?.faviconAssetId;
  if (typeof favicon === 'number') {
    const url = (await ctx.data.imageUrls([favicon])).get(favicon);
    if (url) out += h('link', { rel: 'icon', href: url }).value;
  }
  const title = doc.meta?.socialTitle || head.title;
  const description = doc.meta?.socialDescription || head.description;
  out += h('meta', { property: 'og:title', content: title }).value;
  if (description) out += h('meta', { property: 'og:description', content: description }).value;
  return out;
}

/** A page outside the design (sign-in, password, unavailable): plain and self-contained. */
export function plainPage(options: {
  lang: string;
  title: string;
  siteName: string;
  body: Html;
}): string {
  return (
    `<!doctype html><html lang="${esc(options.lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    h('title', {}, `${options.title} · ${options.siteName}`).value +
    `<style>${BASE_CSS}</style></head><body>` +
    h(
      'main',
      { id: 'hc-main', class: 'hc-plain' },
      h('p', { class: 'hc-brand-name' }, options.siteName),
      options.body,
    ).value +
    '</body></html>'
  );
}

export { join, languageName };
