/**
 * Spec 2.1: `content_format` = `markdown` converts to HTML with GitHub Flavored Markdown
 * (tables, fenced code, task lists), raw HTML passes through, `javascript:` links are dropped.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import type { Element, Root, RootContent } from 'hast';

/** True for a URL that runs script: `javascript:` however it is spelled or padded. */
export function isScriptUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  // Browsers ignore ASCII whitespace and control characters inside the scheme.
  const squeezed = url.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  return squeezed.startsWith('javascript:') || squeezed.startsWith('vbscript:');
}

/** Unwraps links whose target is a script URL (the text stays, the link goes). */
function dropScriptLinks() {
  return (tree: Root) => {
    const walk = (parent: Root | Element) => {
      const out: RootContent[] = [];
      for (const child of parent.children) {
        if (child.type === 'element') {
          walk(child);
          if (
            (child.tagName === 'a' || child.tagName === 'area') &&
            isScriptUrl(child.properties?.href)
          ) {
            out.push(...child.children);
            continue;
          }
        }
        out.push(child);
      }
      parent.children = out as typeof parent.children;
    };
    walk(tree);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(dropScriptLinks)
  .use(rehypeStringify);

/** Markdown (GFM, raw HTML allowed) → HTML, with `javascript:` links dropped. */
export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown)).trim();
}
