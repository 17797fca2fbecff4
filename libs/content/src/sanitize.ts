/**
 * Stored HTML made safe to show readers (issue #14, docs/security.md "Rendering safety"): an
 * allow-list through `rehype-sanitize` that keeps what help articles use (headings, lists,
 * tables, code, images, links, details/summary, video iframes from the configured hosts) and
 * drops everything that runs script, loads a document or changes where forms and links go.
 * The stored HTML is never changed; this runs when a reader page is rendered.
 */
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import type { Options as Schema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import type { Element, Root, RootContent } from 'hast';

/** What a kept video iframe may do: play, go full screen; never navigate the reader's page. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/** `data:` only for images (`data:image/png;base64,…`), never a document or a script. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/**
 * Inline styles stay unless they can load or run anything: no `url(`, `expression(`,
 * `image-set(`, `behavior`, `-moz-binding`, escapes, at-rules or markup (CSS `expression()`
 * and `url(javascript:…)` vectors).
 */
const SAFE_STYLE =
  /^(?![\s\S]*(?:url|expression|image-set|behavior|binding|javascript|\\|@|<))[\s\S]{0,2000}$/i;

type Parent = Root | Element;

/** Runs before the allow-list: iframes only from embed hosts, over https, sandboxed. */
function embedsOnlyFrom(hosts: readonly string[]) {
  const allowed = new Set(hosts.map((h) => h.toLowerCase()));
  const keep = (el: Element): boolean => {
    if (el.tagName !== 'iframe') return true;
    const src = el.properties?.src;
    if (typeof src !== 'string' || el.properties?.srcDoc !== undefined) return false;
    try {
      const url = new URL(src);
      if (url.protocol !== 'https:' || !allowed.has(url.hostname.toLowerCase())) return false;
    } catch {
      return false;
    }
    el.properties.sandbox = IFRAME_SANDBOX.split(' ');
    return true;
  };
  const keepImage = (el: Element): void => {
    const src = el.properties?.src;
    if (el.tagName === 'img' && typeof src === 'string' && /^\s*data:/i.test(src)) {
      if (!DATA_IMAGE.test(src.trim())) delete el.properties.src;
    }
  };
  return () => (tree: Root) => {
    const walk = (parent: Parent) => {
      const out: RootContent[] = [];
      for (const child of parent.children) {
        if (child.type === 'element') {
          if (!keep(child)) continue;
          keepImage(child);
          walk(child);
        }
        out.push(child);
      }
      parent.children = out as typeof parent.children;
    };
    walk(tree);
  };
}

const everywhere = defaultSchema.attributes?.['*'] ?? [];

/**
 * The allow-list: GitHub's (hast-util-sanitize's default) plus what help articles need. Exported
 * so the dashboard's editor schema is tested against it (issue 37: nothing the editor writes is
 * dropped here, nothing dropped here can be entered).
 */
export const SANITIZE_SCHEMA: Schema = {
  ...defaultSchema,
  // ids stay as written (the table of contents links to heading ids); `name` is prefixed.
  clobber: ['name'],
  clobberPrefix: 'user-content-',
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'caption',
    'col',
    'colgroup',
    'figure',
    'figcaption',
    'iframe',
    'mark',
    'small',
    'u',
    'abbr',
    'cite',
    'dfn',
    'time',
    'video',
    'audio',
    'track',
  ],
  // Removed with everything inside (others unknown are unwrapped and keep their text).
  strip: [
    'script',
    'style',
    'noscript',
    'template',
    'title',
    'textarea',
    'select',
    'option',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'frameset',
    'frame',
    'noembed',
    'xmp',
    'plaintext',
  ],
  attributes: {
    ...defaultSchema.attributes,
    // The allow-list's `action`, `method` and `encType` only matter on forms, which never pass.
    '*': [
      ...everywhere.filter(
        (a) => !['action', 'method', 'encType', 'acceptCharset'].includes(String(a)),
      ),
      'className',
      ['style', SAFE_STYLE] as [string, RegExp],
    ],
    a: [...(defaultSchema.attributes?.a ?? []), 'target', 'rel'],
    img: [...(defaultSchema.attributes?.img ?? []), 'loading', 'srcSet', 'sizes'],
    iframe: ['src', 'title', 'allowFullScreen', 'allow', 'loading', 'frameBorder', 'sandbox'],
    video: ['src', 'poster', 'controls', 'muted', 'loop', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'muted', 'loop', 'preload'],
    source: [...(defaultSchema.attributes?.source ?? []), 'src', 'type'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    time: ['dateTime'],
    details: ['open'],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto', 'tel'],
    // `data:` here is narrowed to `data:image/*` on img by `embedsOnlyFrom`; elsewhere refused.
    src: ['http', 'https', 'data'],
    poster: ['http', 'https'],
  },
};

/** `data:` in a `src` of anything but an image is refused after the allow-list. */
function noDataOutsideImages() {
  return (tree: Root) => {
    const walk = (parent: Parent) => {
      for (const child of parent.children) {
        if (child.type !== 'element') continue;
        const src = child.properties?.src;
        if (child.tagName !== 'img' && typeof src === 'string' && /^\s*data:/i.test(src))
          delete child.properties.src;
        walk(child);
      }
    };
    walk(tree);
  };
}

const processors = new Map<string, ReturnType<typeof build>>();

function build(hosts: readonly string[]) {
  return unified()
    .use(rehypeParse, { fragment: true })
    .use(embedsOnlyFrom(hosts))
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    .use(noDataOutsideImages)
    .use(rehypeStringify);
}

/**
 * The HTML with only allow-listed elements, attributes and URL schemes left. `embedHosts` are
 * the hosts whose https iframes are kept (video players, `HC_EMBED_HOSTS`).
 */
export function sanitizeHtml(html: string, embedHosts: readonly string[]): string {
  const key = embedHosts.join(',');
  let processor = processors.get(key);
  if (!processor) {
    processor = build(embedHosts);
    processors.set(key, processor);
  }
  return String(processor.processSync(html));
}
