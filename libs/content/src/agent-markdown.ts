/**
 * Article HTML as Markdown for agents (issue #26): the reader site's `.md` pages and llms.txt,
 * and the tool server's `kb://articles/{id}` resources. Sanitized HTML is turned into Markdown
 * through hast-util-to-mdast and mdast-util-to-markdown (GFM tables and strikethrough), the
 * unified stack the rest of the content pipeline uses.
 */
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';

export function htmlToMarkdown(safeHtml: string): string {
  const mdast = toMdast(fromHtml(safeHtml, { fragment: true }));
  return toMarkdown(mdast, { extensions: [gfmToMarkdown()] }).trim();
}

/** A front matter value: JSON scalars and arrays are valid YAML, so they need no quoting rules. */
export type FrontMatterValue = string | number | boolean | null | readonly (string | number)[];

/** A YAML front matter block, one `key: <JSON>` line per field; undefined fields are left out. */
export function frontMatter(fields: Record<string, FrontMatterValue | undefined>): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}
