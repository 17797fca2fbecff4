/**
 * The addresses the editor accepts, decided exactly as the product's sanitizer decides them
 * (libs/content sanitize.ts): links to http, https, mailto and tel or relative; images from
 * http, https, relative or `data:image/*`; video frames over https from the allowed hosts only.
 */
import { isScriptUrl } from '@hc/content';

const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];
const SRC_PROTOCOLS = ['http', 'https'];
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/**
 * The scheme of a URL as hast-util-sanitize reads it (text before the first `:` that comes
 * before any `/`, `?` or `#`), or null for a relative URL.
 */
function schemeOf(url: string): string | null {
  const colon = url.indexOf(':');
  if (colon === -1) return null;
  for (const c of ['/', '?', '#']) {
    const at = url.indexOf(c);
    if (at !== -1 && at < colon) return null;
  }
  return url.slice(0, colon).toLowerCase();
}

/** True when the sanitizer keeps this `href`. */
export function isAllowedHref(href: string): boolean {
  if (isScriptUrl(href)) return false;
  const scheme = schemeOf(href);
  return scheme === null || LINK_PROTOCOLS.includes(scheme);
}

/** True when the sanitizer keeps this image `src`. */
export function isAllowedImageSrc(src: string): boolean {
  if (isScriptUrl(src)) return false;
  const scheme = schemeOf(src);
  if (scheme === 'data') return DATA_IMAGE.test(src.trim());
  return scheme === null || SRC_PROTOCOLS.includes(scheme);
}

/** True when the sanitizer keeps an iframe with this `src` (https, an allowed host). */
export function isAllowedVideoSrc(src: string, embedHosts: readonly string[]): boolean {
  try {
    const url = new URL(src);
    const hosts = embedHosts.map((h) => h.toLowerCase());
    return url.protocol === 'https:' && hosts.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

function pick(candidates: string[], embedHosts: readonly string[]): string | null {
  return candidates.find((c) => isAllowedVideoSrc(c, embedHosts)) ?? null;
}

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * The player address for a video page address someone pastes (a YouTube, Vimeo, Loom or Wistia
 * page), or the address itself when it already is a player on an allowed host; null when the
 * result would not be on an allowed host.
 */
export function videoEmbedUrl(input: string, embedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const path = url.pathname.split('/').filter(Boolean);
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = path[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (path[0] === 'watch') youtube = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(path[0] ?? '')) youtube = path[1] ?? null;
  }
  if (youtube && YOUTUBE_ID.test(youtube)) {
    return pick(
      [
        `https://www.youtube-nocookie.com/embed/${youtube}`,
        `https://www.youtube.com/embed/${youtube}`,
      ],
      embedHosts,
    );
  }
  if (host === 'vimeo.com' && /^\d+$/.test(path[0] ?? ''))
    return pick([`https://player.vimeo.com/video/${path[0]}`], embedHosts);
  if (host === 'loom.com' && path[0] === 'share' && path[1])
    return pick([`https://www.loom.com/embed/${encodeURIComponent(path[1])}`], embedHosts);
  if (/(^|\.)wistia\.(com|net)$/.test(host) && path[0] === 'medias' && path[1])
    return pick(
      [`https://fast.wistia.net/embed/iframe/${encodeURIComponent(path[1])}`],
      embedHosts,
    );
  return isAllowedVideoSrc(url.href, embedHosts) ? url.href : null;
}

/**
 * The server's default `HC_EMBED_HOSTS` (libs/contracts setting-definitions.ts; urls.spec.ts
 * keeps the two equal). A page may name the configured ones in
 * `<meta name="hc-embed-hosts" content="host,host">`.
 */
export const DEFAULT_EMBED_HOSTS = [
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'www.loom.com',
  'fast.wistia.net',
];

/** The hosts video frames may come from, as this page was told. */
export function embedHosts(): readonly string[] {
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="hc-embed-hosts"]')?.getAttribute('content');
  const hosts = meta
    ?.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return hosts?.length ? hosts : DEFAULT_EMBED_HOSTS;
}
