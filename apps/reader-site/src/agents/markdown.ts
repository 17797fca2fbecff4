/**
 * Article HTML as Markdown for agents (issue #26): the same sanitized HTML a reader's page shows
 * (issue #14), turned into Markdown through hast-util-to-mdast and mdast-util-to-markdown (GFM
 * tables and strikethrough), the unified stack the rest of the content pipeline uses.
 */
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';

export function htmlToMarkdown(safeHtml: string): string {
  const mdast = toMdast(fromHtml(safeHtml, { fragment: true }));
  return toMarkdown(mdast, { extensions: [gfmToMarkdown()] }).trim();
}

/** A YAML front matter block; JSON strings are valid YAML scalars, so values need no quoting rules. */
export function frontMatter(fields: Record<string, string>): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}
