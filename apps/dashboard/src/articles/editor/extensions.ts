/**
 * The editor's schema (TipTap 3): exactly the nodes, marks and attributes of document.ts, no
 * more. Content enters only as the JSON document.ts makes (stored HTML and pastes never go
 * through TipTap's HTML parser; see editorProps in ArticleEditor.tsx), and leaves only through
 * `docToHtml`. The parse rules below serve drags inside the editor.
 */
import { Extension, Mark, Node, mergeAttributes, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { IFRAME_SANDBOX } from '@hc/content';
import { isAllowedHref, isAllowedImageSrc } from './urls';

/** A plain attribute read from and written to the same HTML attribute. */
const attr = (name: string) => ({
  default: null,
  parseHTML: (el: HTMLElement) => el.getAttribute(name),
  renderHTML: (attrs: Record<string, unknown>) => (attrs[name] ? { [name]: attrs[name] } : {}),
});

const Image = Node.create({
  name: 'image',
  inline: true,
  group: 'inline',
  draggable: true,
  atom: true,
  addAttributes() {
    return {
      src: attr('src'),
      alt: attr('alt'),
      title: attr('title'),
      width: attr('width'),
      height: attr('height'),
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (el) =>
          isAllowedImageSrc((el as HTMLElement).getAttribute('src') ?? '') ? null : false,
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', HTMLAttributes];
  },
});

/** A video player from an allowed host (an iframe, sandboxed as the reader pages sandbox it). */
const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: attr('src'), title: attr('title'), width: attr('width'), height: attr('height') };
  },
  parseHTML() {
    return [{ tag: 'iframe[data-hc-video]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      'div',
      { class: 'hc-video' },
      [
        'iframe',
        mergeAttributes(HTMLAttributes, {
          'data-hc-video': '',
          sandbox: IFRAME_SANDBOX,
          allowfullscreen: 'true',
        }),
      ],
    ];
  },
});

/** Internal note (spec 2.1): the team sees it, readers and API keys never do. */
const InternalNote = Node.create({
  name: 'internalNote',
  group: 'block',
  content: 'block+',
  defining: true,
  parseHTML() {
    return [{ tag: 'aside[data-hc-internal-note]' }];
  },
  renderHTML() {
    return [
      'aside',
      { 'data-hc-internal-note': '', class: 'hc-internal-note', 'data-label': 'Internal note' },
      0,
    ];
  },
});

/** An AI draft awaiting review (spec 2.1): kept until someone accepts or removes it. */
const AiDraft = Node.create({
  name: 'aiDraft',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      state: {
        default: 'pending',
        parseHTML: (el: HTMLElement) => el.getAttribute('data-hc-ai-draft'),
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-hc-ai-draft]' }];
  },
  renderHTML({ node }) {
    return [
      'div',
      {
        'data-hc-ai-draft': String(node.attrs.state),
        class: 'hc-ai-draft',
        'data-label': 'AI draft awaiting review',
      },
      0,
    ];
  },
});

/**
 * Stored HTML the schema cannot represent, kept exactly as written. Shown as its source text
 * (a text node, never markup); it can be moved or deleted, not edited, and not created.
 */
const RawHtml = Node.create({
  name: 'rawHtml',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { html: { default: '', renderHTML: () => ({}), parseHTML: () => null } };
  },
  parseHTML() {
    return [];
  },
  renderHTML({ node }) {
    return [
      'div',
      {
        class: 'hc-raw-html',
        'data-label': 'HTML kept as written (not editable here)',
        contenteditable: 'false',
      },
      ['pre', {}, String(node.attrs.html)],
    ];
  },
});

const simpleMark = (name: string, tag: string) =>
  Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
  });

const Highlight = Mark.create({
  name: 'highlight',
  parseHTML: () => [{ tag: 'mark:not([data-hc-note])' }],
  renderHTML: () => ['mark', 0],
});

/** A team-note highlight (spec 2.10 `anchor.mark_id`): the text stays, the mark anchors a thread. */
const NoteMark = Mark.create({
  name: 'noteMark',
  inclusive: false,
  addAttributes() {
    return {
      markId: {
        default: '',
        parseHTML: (el: HTMLElement) => el.getAttribute('data-hc-note'),
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML: () => [{ tag: 'mark[data-hc-note]' }],
  renderHTML: ({ mark }) => [
    'mark',
    { 'data-hc-note': String(mark.attrs.markId), class: 'hc-note-mark' },
    0,
  ],
});

/** Headings keep their `id` (tables of contents and links point at it); links keep a `title`. */
const KeptAttributes = Extension.create({
  name: 'hcKeptAttributes',
  addGlobalAttributes() {
    return [
      { types: ['heading'], attributes: { id: attr('id') } },
      { types: ['link'], attributes: { title: attr('title') } },
    ];
  },
});

/** The editor's extensions; `placeholder`-like UI extensions are added by the screen. */
export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      // It would add a paragraph to what was opened: opening an article never changes it.
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: false,
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url: string) => isAllowedHref(url),
      },
    }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    Image,
    Video,
    InternalNote,
    AiDraft,
    RawHtml,
    Highlight,
    NoteMark,
    simpleMark('subscript', 'sub'),
    simpleMark('superscript', 'sup'),
    KeptAttributes,
  ];
}
