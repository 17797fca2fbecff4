/**
 * What a paste inserts (issue 37 item 4: "pasting Markdown or HTML from another help center keeps
 * its structure"). Every pasted HTML goes through the product's own sanitizer first (the same
 * `sanitizeHtml` reader pages use), then through the editor's mapping in paste mode, which
 * unwraps what the schema has no place for and never makes a raw block. Markdown is converted by
 * the product's own converter (spec 2.1 `content_format` = `markdown`), then the same way.
 */
import { markdownToHtml, sanitizeHtml } from '@hc/content';
import { htmlToFragment, type DocNode } from './document';
import { videoEmbedUrl } from './urls';

export interface Clipboard {
  html?: string | null;
  text?: string | null;
}

/** Lines and spans that mean the plain text is Markdown rather than prose. */
const MARKDOWN_LINE =
  /^(#{1,6}\s+\S|\s{0,3}[-*+]\s+\S|\s{0,3}\d{1,3}[.)]\s+\S|\s{0,3}>\s?|\s{0,3}(```|~~~)|\s*\|.*\|\s*$|\s{0,3}([-*_])(\s*\3){2,}\s*$)/m;
const MARKDOWN_SPAN =
  /\*\*[^*\n]+\*\*|__[^_\n]+__|\[[^\]\n]+\]\([^)\s]+\)|!\[[^\]\n]*\]\([^)\s]+\)|`[^`\n]+`/;

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_LINE.test(text) || MARKDOWN_SPAN.test(text);
}

/**
 * HTML a code editor or a terminal puts next to plain text (one `<pre>` or spans of colour)
 * carries no structure of its own: the text is read instead, as Markdown when it is Markdown.
 */
function htmlCarriesStructure(html: string): boolean {
  return /<(p|h[1-6]|ul|ol|li|table|blockquote|pre|img|a|strong|b|em|i|iframe|br|hr|code)\b/i.test(
    html.replace(/<meta[^>]*>/gi, ''),
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain prose: blank lines separate paragraphs, single line breaks stay line breaks. */
function plainTextHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The HTML a paste stands for, before the sanitizer. */
export function pastedHtml(clip: Clipboard, embedHosts: readonly string[]): string {
  const html = clip.html?.trim();
  const text = clip.text ?? '';
  if (html && (htmlCarriesStructure(html) || !text.trim())) return html;
  const trimmed = text.trim();
  if (/^https:\/\/\S+$/.test(trimmed)) {
    const video = videoEmbedUrl(trimmed, embedHosts);
    if (video) return `<iframe src="${escapeText(video).replace(/"/g, '&quot;')}"></iframe>`;
  }
  return looksLikeMarkdown(text) ? markdownToHtml(text) : plainTextHtml(text);
}

/** The editor content a paste inserts: sanitized by the product's allow-list, then mapped. */
export function pasteToContent(clip: Clipboard, embedHosts: readonly string[]): DocNode[] {
  const html = pastedHtml(clip, embedHosts);
  if (!html) return [];
  return htmlToFragment(sanitizeHtml(html, embedHosts), embedHosts);
}
