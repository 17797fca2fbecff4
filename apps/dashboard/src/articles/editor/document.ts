/**
 * The editor's document model and its one mapping to and from stored HTML (issue 37 item 4).
 *
 * Stored HTML never reaches a browser DOM on the platform origin: it is parsed here into a hast
 * tree (a plain object tree, parse5 underneath) and mapped to the editor's JSON document, which
 * the editor loads with `setContent(json)`. Saving maps the document back to hast and prints it
 * with hast-util-to-html, the printer the product's sanitizer ends with, so what the editor writes
 * comes back from `sanitizeHtml` byte for byte (apps/dashboard/src/articles/editor/schema.spec.ts).
 *
 * Two ways to read HTML:
 * - `stored`: an article's own HTML. Whatever the schema cannot represent exactly (an element or
 *   attribute it has no place for) becomes a `rawHtml` block holding the source text untouched;
 *   the editor shows it as text, never as markup, and writes it back as it was.
 * - `paste`: HTML from elsewhere, already through the product's sanitizer (paste.ts). What the
 *   schema cannot represent is unwrapped (its text and structure inside kept); no `rawHtml` is
 *   ever made, so nothing new that the sanitizer would drop can be entered.
 */
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import {
  AI_DRAFT_ATTRIBUTE,
  IFRAME_SANDBOX,
  INTERNAL_NOTE_ATTRIBUTE,
  NOTE_MARK_ATTRIBUTE,
} from '@hc/content';
import { isAllowedHref, isAllowedImageSrc, isAllowedVideoSrc } from './urls';

/** One node of the editor's JSON document (TipTap's `JSONContent`, narrowed). */
export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  text?: string;
  marks?: DocMark[];
}

export interface DocMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export type ReadMode = 'stored' | 'paste';

export interface ReadOptions {
  mode: ReadMode;
  /** The hosts whose https video frames are kept (the server's `HC_EMBED_HOSTS`). */
  embedHosts: readonly string[];
}

/** The node and mark names of the editor's schema this mapping reads and writes. */
export const NODE_TYPES = [
  'doc',
  'paragraph',
  'text',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
  'hardBreak',
  'image',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
  'video',
  'internalNote',
  'aiDraft',
  'rawHtml',
] as const;

/** Marks in the order they nest when written (outermost first). */
export const MARK_TYPES = [
  'link',
  'noteMark',
  'highlight',
  'bold',
  'italic',
  'underline',
  'strike',
  'subscript',
  'superscript',
  'code',
] as const;

const SIMPLE_MARKS: Record<string, string> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  code: 'code',
  sub: 'subscript',
  sup: 'superscript',
};

const MARK_TAGS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
  subscript: 'sub',
  superscript: 'sup',
  highlight: 'mark',
  noteMark: 'mark',
  link: 'a',
};

/** Elements that start a block of their own; anything else is read as inline content. */
const BLOCK_TAGS = new Set(
  (
    'address article aside blockquote caption center dd details dialog dir div dl dt fieldset ' +
    'figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr iframe legend li main ' +
    'menu nav ol p pre section summary table tbody td tfoot th thead tr ul video audio'
  ).split(' '),
);

const VIDEO_PROPS = [
  'src',
  'title',
  'width',
  'height',
  'allowFullScreen',
  'frameBorder',
  'allow',
  'loading',
  'sandbox',
];

/** Thrown (stored mode) where the schema has no exact place for something. */
class Unrepresentable extends Error {}

interface Ctx extends ReadOptions {
  source: string;
}

type Child = RootContent | ElementContent;

const isElement = (n: Child): n is Element => n.type === 'element';
const isBlank = (n: Child) => n.type === 'text' && !/[^ \t\n\r\f]/.test(n.value);

function isBlockNode(n: Child): boolean {
  return isElement(n) && BLOCK_TAGS.has(n.tagName);
}

function hasBlockInside(n: Child): boolean {
  return isElement(n) && n.children.some((c) => isBlockNode(c) || hasBlockInside(c));
}

/** Refuses (stored) an element carrying any property outside `allowed`. */
function onlyProps(el: Element, ctx: Ctx, allowed: readonly string[] = []): void {
  if (ctx.mode !== 'stored') return;
  for (const key of Object.keys(el.properties ?? {}))
    if (!allowed.includes(key)) throw new Unrepresentable(`${el.tagName}[${key}]`);
}

function refuse(ctx: Ctx, what: string): void {
  if (ctx.mode === 'stored') throw new Unrepresentable(what);
}

function str(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function int(value: unknown): number | null {
  const n = typeof value === 'number' ? value : parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? n : null;
}

/** The untouched source of a run of nodes (stored mode keeps it as a raw block). */
function rawBlock(nodes: Child[], ctx: Ctx): DocNode {
  const start = nodes[0]?.position?.start.offset;
  const end = nodes[nodes.length - 1]?.position?.end.offset;
  const html =
    start !== undefined && end !== undefined
      ? ctx.source.slice(start, end)
      : toHtml({ type: 'root', children: nodes as RootContent[] });
  return { type: 'rawHtml', attrs: { html } };
}

const paragraph = (content: DocNode[] = []): DocNode =>
  content.length ? { type: 'paragraph', content } : { type: 'paragraph' };

/** Block content of a container: block elements mapped, inline runs wrapped in paragraphs. */
function blocks(children: Child[], ctx: Ctx): DocNode[] {
  const out: DocNode[] = [];
  let run: Child[] = [];
  const flush = () => {
    const nodes = run;
    run = [];
    if (nodes.every(isBlank)) return;
    if (ctx.mode === 'stored') {
      try {
        out.push(paragraph(inline(nodes, [], ctx)));
      } catch (e) {
        if (!(e instanceof Unrepresentable)) throw e;
        out.push(rawBlock(trimBlank(nodes), ctx));
      }
    } else {
      const content = inline(nodes, [], ctx);
      if (content.length) out.push(paragraph(content));
    }
  };
  for (const child of children) {
    if (child.type === 'comment') {
      flush();
      if (ctx.mode === 'stored') out.push(rawBlock([child], ctx));
      continue;
    }
    if (child.type === 'doctype') continue;
    if (!isBlockNode(child) && !hasBlockInside(child)) {
      run.push(child);
      continue;
    }
    flush();
    const el = child as Element;
    if (!isBlockNode(el)) {
      // an inline element wrapping blocks (Google Docs wraps a whole paste in `<b>`)
      if (ctx.mode === 'stored') out.push(rawBlock([el], ctx));
      else out.push(...blocks(el.children, ctx));
      continue;
    }
    if (ctx.mode === 'stored') {
      try {
        out.push(...block(el, ctx));
      } catch (e) {
        if (!(e instanceof Unrepresentable)) throw e;
        out.push(rawBlock([el], ctx));
      }
    } else out.push(...block(el, ctx));
  }
  flush();
  return out;
}

function trimBlank(nodes: Child[]): Child[] {
  let a = 0;
  let b = nodes.length;
  while (a < b && isBlank(nodes[a] as Child)) a++;
  while (b > a && isBlank(nodes[b - 1] as Child)) b--;
  return nodes.slice(a, b);
}

/** Non-empty block content (containers need at least one block). */
function someBlocks(children: Child[], ctx: Ctx): DocNode[] {
  const content = blocks(children, ctx);
  return content.length ? content : [paragraph()];
}

function block(el: Element, ctx: Ctx): DocNode[] {
  const props = el.properties ?? {};
  const tag = el.tagName;
  if (props.dataHcInternalNote !== undefined && (tag === 'aside' || tag === 'div')) {
    onlyProps(el, ctx, ['dataHcInternalNote']);
    return [{ type: 'internalNote', content: someBlocks(el.children, ctx) }];
  }
  if (props.dataHcAiDraft !== undefined && (tag === 'div' || tag === 'aside')) {
    onlyProps(el, ctx, ['dataHcAiDraft']);
    return [
      {
        type: 'aiDraft',
        attrs: { state: str(props.dataHcAiDraft) || 'pending' },
        content: someBlocks(el.children, ctx),
      },
    ];
  }
  switch (tag) {
    case 'p': {
      const kids = trimBlank(el.children);
      if (
        kids.length === 1 &&
        isElement(kids[0] as Child) &&
        (kids[0] as Element).tagName === 'iframe'
      ) {
        onlyProps(el, ctx);
        return block(kids[0] as Element, ctx);
      }
      if (kids.some(isBlockNode)) {
        refuse(ctx, 'block inside p');
        return blocks(el.children, ctx);
      }
      onlyProps(el, ctx);
      return [paragraph(inline(el.children, [], ctx))];
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      onlyProps(el, ctx, ['id']);
      const id = ctx.mode === 'stored' ? str(props.id) : null;
      const content = inline(el.children, [], ctx);
      return [
        {
          type: 'heading',
          attrs: { level: Number(tag[1]), id },
          ...(content.length ? { content } : {}),
        },
      ];
    }
    case 'ul':
    case 'ol': {
      onlyProps(el, ctx, tag === 'ol' ? ['start'] : []);
      const items: DocNode[] = [];
      for (const child of el.children) {
        if (isBlank(child)) continue;
        if (isElement(child) && child.tagName === 'li') {
          onlyProps(child, ctx);
          items.push(listItem(child, ctx));
        } else {
          refuse(ctx, `${tag} > non-li`);
          items.push({ type: 'listItem', content: listItemContent(blocks([child], ctx), ctx) });
        }
      }
      if (!items.length) {
        refuse(ctx, 'empty list');
        return [];
      }
      if (tag === 'ul') return [{ type: 'bulletList', content: items }];
      return [{ type: 'orderedList', attrs: { start: int(props.start) ?? 1 }, content: items }];
    }
    case 'li':
      refuse(ctx, 'li outside a list');
      return blocks(el.children, ctx);
    case 'blockquote':
      onlyProps(el, ctx);
      return [{ type: 'blockquote', content: someBlocks(el.children, ctx) }];
    case 'pre':
      return [codeBlock(el, ctx)];
    case 'hr':
      onlyProps(el, ctx);
      return [{ type: 'horizontalRule' }];
    case 'table':
      return table(el, ctx);
    case 'iframe': {
      onlyProps(el, ctx, VIDEO_PROPS);
      const src = str(props.src);
      if (!src || props.srcDoc !== undefined || !isAllowedVideoSrc(src, ctx.embedHosts)) {
        refuse(ctx, 'iframe');
        return [];
      }
      return [
        {
          type: 'video',
          attrs: {
            src,
            title: str(props.title),
            width: str(props.width),
            height: str(props.height),
          },
        },
      ];
    }
    default:
      refuse(ctx, tag);
      return blocks(el.children, ctx);
  }
}

/** `<li>`: its first block must be a paragraph (the editor's list item schema). */
function listItem(li: Element, ctx: Ctx): DocNode {
  return { type: 'listItem', content: listItemContent(blocks(li.children, ctx), ctx) };
}

function listItemContent(content: DocNode[], ctx: Ctx): DocNode[] {
  if (content[0]?.type === 'paragraph') return content;
  refuse(ctx, 'list item not starting with text');
  return [paragraph(), ...content];
}

function codeBlock(pre: Element, ctx: Ctx): DocNode {
  onlyProps(pre, ctx);
  const kids = trimBlank(pre.children);
  let language: string | null = null;
  let textOf: Element = pre;
  const only = kids[0];
  if (kids.length === 1 && only && isElement(only) && only.tagName === 'code') {
    textOf = only;
    const classes = (only.properties?.className ?? []) as string[];
    if (classes.length) {
      const lang = /^language-([\w#+.-]+)$/.exec(classes.join(' '));
      if (!lang || classes.length !== 1) refuse(ctx, 'code class');
      else language = lang[1] ?? null;
    }
    onlyProps(only, ctx, language ? ['className'] : []);
  }
  if (textOf.children.some((c) => c.type !== 'text')) refuse(ctx, 'markup inside code');
  const text = rawText(textOf).replace(/\n$/, '');
  return {
    type: 'codeBlock',
    attrs: { language },
    ...(text ? { content: [{ type: 'text', text }] } : {}),
  };
}

/** The text inside an element as written (code keeps every space and line). */
function rawText(node: Element): string {
  return node.children
    .map((c) =>
      c.type === 'text' ? c.value : isElement(c) ? (c.tagName === 'br' ? '\n' : rawText(c)) : '',
    )
    .join('');
}

function table(el: Element, ctx: Ctx): DocNode[] {
  onlyProps(el, ctx);
  const rows: DocNode[] = [];
  const readRows = (children: ElementContent[]) => {
    for (const child of children) {
      if (isBlank(child)) continue;
      if (!isElement(child)) {
        refuse(ctx, 'text in table');
        continue;
      }
      if (child.tagName === 'thead' || child.tagName === 'tbody') {
        onlyProps(child, ctx);
        readRows(child.children);
      } else if (child.tagName === 'tr') {
        onlyProps(child, ctx);
        rows.push(tableRow(child, ctx));
      } else {
        // caption, colgroup, tfoot: no place in the editor's table
        refuse(ctx, `table > ${child.tagName}`);
        if (child.tagName === 'tfoot') readRows(child.children);
      }
    }
  };
  readRows(el.children);
  const width = Math.max(0, ...rows.map((r) => r.content?.length ?? 0));
  if (!rows.length || width === 0) {
    refuse(ctx, 'empty table');
    return [];
  }
  return [{ type: 'table', content: rows }];
}

function tableRow(tr: Element, ctx: Ctx): DocNode {
  const cells: DocNode[] = [];
  for (const child of tr.children) {
    if (isBlank(child)) continue;
    if (!isElement(child) || (child.tagName !== 'td' && child.tagName !== 'th')) {
      refuse(ctx, 'tr > non-cell');
      continue;
    }
    onlyProps(child, ctx, ['colSpan', 'rowSpan']);
    const p = child.properties ?? {};
    cells.push({
      type: child.tagName === 'th' ? 'tableHeader' : 'tableCell',
      attrs: { colspan: int(p.colSpan) ?? 1, rowspan: int(p.rowSpan) ?? 1, colwidth: null },
      content: someBlocks(child.children, ctx),
    });
  }
  return { type: 'tableRow', content: cells };
}

/** Inline content with the marks of its ancestors; whitespace collapsed as a browser shows it. */
function inline(children: Child[], marks: DocMark[], ctx: Ctx): DocNode[] {
  const out: DocNode[] = [];
  collect(children, marks, ctx, out);
  return normalizeSpaces(out);
}

function withMark(marks: DocMark[], mark: DocMark): DocMark[] {
  return [...marks.filter((m) => m.type !== mark.type), mark];
}

function collect(children: Child[], marks: DocMark[], ctx: Ctx, out: DocNode[]): void {
  for (const child of children) {
    if (child.type === 'text') {
      const text = child.value.replace(/[ \t\n\r\f]+/g, ' ');
      if (text) out.push(marks.length ? { type: 'text', text, marks } : { type: 'text', text });
      continue;
    }
    if (child.type === 'comment') {
      refuse(ctx, 'comment');
      continue;
    }
    if (!isElement(child)) continue;
    const props = child.properties ?? {};
    const tag = child.tagName;
    if (tag === 'br') {
      onlyProps(child, ctx);
      out.push({ type: 'hardBreak', ...(marks.length ? { marks } : {}) });
      continue;
    }
    if (tag === 'img') {
      out.push(...image(child, marks, ctx));
      continue;
    }
    const simple = SIMPLE_MARKS[tag];
    if (simple) {
      onlyProps(child, ctx);
      // Google Docs wraps a paste in `<b style="font-weight:normal">`: not bold
      const notBold =
        simple === 'bold' && /font-weight\s*:\s*(normal|[1-4]00)\b/i.test(str(props.style) ?? '');
      collect(child.children, notBold ? marks : withMark(marks, { type: simple }), ctx, out);
      continue;
    }
    if (tag === 'mark') {
      const note = props.dataHcNote;
      onlyProps(child, ctx, note !== undefined ? ['dataHcNote'] : []);
      const mark: DocMark =
        note !== undefined
          ? { type: 'noteMark', attrs: { markId: str(note) ?? '' } }
          : { type: 'highlight' };
      collect(child.children, withMark(marks, mark), ctx, out);
      continue;
    }
    if (tag === 'a') {
      onlyProps(child, ctx, ['href', 'title', 'target', 'rel']);
      const href = str(props.href);
      if (href === null || !isAllowedHref(href)) {
        refuse(ctx, 'a without an allowed href');
        collect(child.children, marks, ctx, out);
        continue;
      }
      const mark: DocMark = {
        type: 'link',
        attrs: {
          href,
          title: str(props.title),
          target: str(props.target),
          rel: str(props.rel),
        },
      };
      collect(child.children, withMark(marks, mark), ctx, out);
      continue;
    }
    // span, abbr, kbd, small, font, …, and blocks met inside inline content
    refuse(ctx, tag);
    if (isBlockNode(child) && out.length) out.push({ type: 'hardBreak' });
    collect(child.children, marks, ctx, out);
  }
}

function image(el: Element, marks: DocMark[], ctx: Ctx): DocNode[] {
  onlyProps(el, ctx, ['src', 'alt', 'title', 'width', 'height']);
  const p = el.properties ?? {};
  const src = str(p.src);
  if (!src || !isAllowedImageSrc(src)) {
    refuse(ctx, 'img without an allowed src');
    return [];
  }
  return [
    {
      type: 'image',
      attrs: {
        src,
        alt: str(p.alt),
        title: str(p.title),
        width: str(p.width),
        height: str(p.height),
      },
      ...(marks.length ? { marks } : {}),
    },
  ];
}

/** Trims a block's leading and trailing spaces and joins spaces across text nodes. */
function normalizeSpaces(nodes: DocNode[]): DocNode[] {
  const out: DocNode[] = [];
  let lastSpace = true; // at the start of a block, or after a line break
  for (const node of nodes) {
    if (node.type !== 'text') {
      if (node.type === 'hardBreak') trimEnd(out);
      out.push(node);
      lastSpace = node.type === 'hardBreak';
      continue;
    }
    let text = node.text ?? '';
    if (lastSpace) text = text.replace(/^ /, '');
    if (!text) continue;
    out.push({ ...node, text });
    lastSpace = text.endsWith(' ');
  }
  trimEnd(out);
  return out;
}

function trimEnd(out: DocNode[]): void {
  const last = out[out.length - 1];
  if (last?.type !== 'text') return;
  const text = (last.text ?? '').replace(/ $/, '');
  if (text) last.text = text;
  else {
    out.pop();
    trimEnd(out);
  }
}

/** Stored or pasted HTML as the editor's document. */
export function htmlToDoc(html: string, options: ReadOptions): DocNode {
  const source = html ?? '';
  const tree = fromHtml(source, { fragment: true });
  const ctx: Ctx = { ...options, source };
  const content = blocks(tree.children, ctx);
  return { type: 'doc', content: content.length ? content : [paragraph()] };
}

/** Pasted HTML as the content to insert (no `doc` wrapper, no raw blocks). */
export function htmlToFragment(html: string, embedHosts: readonly string[]): DocNode[] {
  const tree = fromHtml(html, { fragment: true });
  return blocks(tree.children, { mode: 'paste', embedHosts, source: html });
}

// ---------------------------------------------------------------------------------------------
// Writing

type HastChild = ElementContent | { type: 'raw'; value: string };

function h(tagName: string, properties: Properties, children: HastChild[] = []): Element {
  return { type: 'element', tagName, properties, children: children as ElementContent[] };
}

/** Properties without nulls, in the given order (the sanitizer keeps the order it is given). */
function props(entries: [string, unknown][]): Properties {
  const out: Properties = {};
  for (const [k, v] of entries)
    if (v !== null && v !== undefined && v !== '') out[k] = v as Properties[string];
  return out;
}

const sameMark = (a: DocMark, b: DocMark) =>
  a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {});

function markElement(mark: DocMark): Element {
  const a = mark.attrs ?? {};
  switch (mark.type) {
    case 'link':
      return h(
        'a',
        props([
          ['href', a.href],
          ['title', a.title],
          ['target', a.target],
          ['rel', a.rel],
        ]),
      );
    case 'noteMark':
      return h('mark', { [noteProp]: String(a.markId ?? '') });
    default: {
      const tag = MARK_TAGS[mark.type];
      if (!tag) throw new Error(`No HTML for the mark ${mark.type}`);
      return h(tag, {});
    }
  }
}

const noteProp = 'dataHcNote';
const rank = (m: DocMark) => MARK_TYPES.indexOf(m.type as (typeof MARK_TYPES)[number]);

/** Inline nodes as hast, marks nested so that runs sharing a mark share one element. */
function writeInline(nodes: DocNode[] = []): HastChild[] {
  const root: HastChild[] = [];
  const open: { mark: DocMark; el: Element }[] = [];
  const target = () =>
    open.length ? (open[open.length - 1] as { el: Element }).el.children : root;
  for (const node of nodes) {
    const marks = [...(node.marks ?? [])].sort((a, b) => rank(a) - rank(b));
    let keep = 0;
    while (
      keep < open.length &&
      marks.some((m) => sameMark(m, (open[keep] as { mark: DocMark }).mark))
    )
      keep++;
    open.length = keep;
    for (const mark of marks) {
      if (open.some((o) => sameMark(o.mark, mark))) continue;
      const el = markElement(mark);
      (target() as HastChild[]).push(el);
      open.push({ mark, el });
    }
    (target() as HastChild[]).push(...writeLeaf(node));
  }
  return root;
}

function writeLeaf(node: DocNode): HastChild[] {
  const a = node.attrs ?? {};
  switch (node.type) {
    case 'text':
      return node.text ? [{ type: 'text', value: node.text }] : [];
    case 'hardBreak':
      return [h('br', {})];
    case 'image':
      return [
        h(
          'img',
          props([
            ['src', a.src],
            ['alt', a.alt],
            ['title', a.title],
            ['width', a.width],
            ['height', a.height],
          ]),
        ),
      ];
    default:
      throw new Error(`No HTML for the inline node ${node.type}`);
  }
}

/** A container's blocks; a lone first paragraph (list item, cell) is written as bare text. */
function writeTight(
  content: DocNode[] = [],
  allowTight: (rest: DocNode[]) => boolean,
): HastChild[] {
  const [first, ...rest] = content;
  if (first?.type === 'paragraph' && !first.attrs?.['id'] && allowTight(rest))
    return [...writeInline(first.content), ...rest.flatMap(writeBlock)];
  return content.flatMap(writeBlock);
}

const isList = (n: DocNode) => n.type === 'bulletList' || n.type === 'orderedList';

function writeBlock(node: DocNode): HastChild[] {
  const a = node.attrs ?? {};
  const kids = node.content ?? [];
  switch (node.type) {
    case 'paragraph':
      return [h('p', {}, writeInline(kids))];
    case 'heading':
      return [h(`h${Number(a.level) || 2}`, props([['id', a.id]]), writeInline(kids))];
    case 'bulletList':
      return [h('ul', {}, kids.flatMap(writeBlock))];
    case 'orderedList': {
      const start = Number(a.start ?? 1);
      return [h('ol', start !== 1 ? { start } : {}, kids.flatMap(writeBlock))];
    }
    case 'listItem':
      return [
        h(
          'li',
          {},
          writeTight(kids, (rest) => rest.every(isList)),
        ),
      ];
    case 'blockquote':
      return [h('blockquote', {}, kids.flatMap(writeBlock))];
    case 'codeBlock': {
      const text = kids.map((k) => k.text ?? '').join('');
      const lang = typeof a.language === 'string' && a.language ? a.language : null;
      return [
        h('pre', {}, [
          h('code', lang ? { className: [`language-${lang}`] } : {}, [
            { type: 'text', value: text },
          ]),
        ]),
      ];
    }
    case 'horizontalRule':
      return [h('hr', {})];
    case 'table':
      return [writeTable(kids)];
    case 'tableRow':
      return [h('tr', {}, kids.flatMap(writeBlock))];
    case 'tableHeader':
    case 'tableCell': {
      const span = (v: unknown) => (Number(v) > 1 ? Number(v) : null);
      return [
        h(
          node.type === 'tableHeader' ? 'th' : 'td',
          props([
            ['colSpan', span(a.colspan)],
            ['rowSpan', span(a.rowspan)],
          ]),
          writeTight(kids, (rest) => rest.length === 0),
        ),
      ];
    }
    case 'video':
      return [
        h(
          'iframe',
          props([
            ['src', a.src],
            ['title', a.title],
            ['width', a.width],
            ['height', a.height],
            ['allowFullScreen', true],
            ['sandbox', IFRAME_SANDBOX.split(' ')],
          ]),
        ),
      ];
    case 'internalNote':
      return [h('aside', { dataHcInternalNote: '' }, kids.flatMap(writeBlock))];
    case 'aiDraft':
      return [h('div', { dataHcAiDraft: String(a.state || 'pending') }, kids.flatMap(writeBlock))];
    case 'rawHtml':
      return [{ type: 'raw', value: String(a.html ?? '') }];
    default:
      throw new Error(`No HTML for the block ${node.type}`);
  }
}

/** Leading rows made only of header cells go to `<thead>`, the rest to `<tbody>`. */
function writeTable(rows: DocNode[]): Element {
  let head = 0;
  while (
    head < rows.length &&
    (rows[head]?.content ?? []).every((c) => c.type === 'tableHeader') &&
    (rows[head]?.content ?? []).length > 0
  )
    head++;
  if (head === rows.length) head = Math.min(head, 1);
  const parts: Element[] = [];
  if (head) parts.push(h('thead', {}, rows.slice(0, head).flatMap(writeBlock)));
  if (rows.length > head) parts.push(h('tbody', {}, rows.slice(head).flatMap(writeBlock)));
  return h('table', {}, parts);
}

/** The editor's document as the HTML stored for the article. */
export function docToHtml(doc: DocNode): string {
  const content = doc.content ?? [];
  // An editor with nothing in it holds one empty paragraph: that is no content.
  if (content.every((n) => n.type === 'paragraph' && !n.content?.length)) return '';
  const tree: Root = { type: 'root', children: content.flatMap(writeBlock) as RootContent[] };
  return toHtml(tree, { allowDangerousHtml: true });
}

/** The attribute names the mapping writes, per element (the schema test checks each). */
export const WRITTEN_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  h1: ['id'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  h5: ['id'],
  h6: ['id'],
  ol: ['start'],
  td: ['colSpan', 'rowSpan'],
  th: ['colSpan', 'rowSpan'],
  code: ['className'],
  iframe: ['src', 'title', 'width', 'height', 'allowFullScreen', 'sandbox'],
  mark: [noteProp],
  aside: ['dataHcInternalNote'],
  div: ['dataHcAiDraft'],
};

/** The HTML attribute names of the internal markup (spec 2.1), for the tests and the views. */
export const INTERNAL_ATTRIBUTES = [
  INTERNAL_NOTE_ATTRIBUTE,
  AI_DRAFT_ATTRIBUTE,
  NOTE_MARK_ATTRIBUTE,
];
