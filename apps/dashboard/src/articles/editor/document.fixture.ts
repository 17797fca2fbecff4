// A document holding every node and mark of the editor, shared by the mapping's tests
// (document.spec.ts) and the TipTap schema's (schema.spec.tsx).
import type { DocNode } from './document';

const text = (t: string, marks?: DocNode['marks']): DocNode =>
  marks ? { type: 'text', text: t, marks } : { type: 'text', text: t };
export const p = (...content: DocNode[]): DocNode =>
  content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
const cell = (type: string, ...content: DocNode[]): DocNode => ({
  type,
  attrs: { colspan: 1, rowspan: 1, colwidth: null },
  content,
});

/** A document holding every node and mark the editor can make, with every attribute set. */
export const EVERYTHING: DocNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1, id: 'start' }, content: [text('Title')] },
    { type: 'heading', attrs: { level: 3, id: null }, content: [text('Sub')] },
    p(
      text('A '),
      text('link', [
        {
          type: 'link',
          attrs: {
            href: 'https://example.com/a?b=1&c=2',
            title: 'T',
            target: '_blank',
            rel: 'noopener',
          },
        },
      ]),
      text(' '),
      text('bold', [{ type: 'bold' }]),
      text(' and ', [{ type: 'bold' }, { type: 'italic' }]),
      text('u', [{ type: 'underline' }]),
      text('s', [{ type: 'strike' }]),
      text('x', [{ type: 'subscript' }]),
      text('y', [{ type: 'superscript' }]),
      text('hl', [{ type: 'highlight' }]),
      text('noted', [{ type: 'noteMark', attrs: { markId: 'm1' } }]),
      text('code <b>&', [{ type: 'code' }]),
      { type: 'hardBreak' },
      {
        type: 'image',
        attrs: {
          src: 'https://cdn.example.com/a.png',
          alt: 'A',
          title: 'pic',
          width: '40',
          height: '30',
        },
      },
      {
        type: 'image',
        attrs: {
          src: 'data:image/png;base64,iVBORw0KGgo=',
          alt: null,
          title: null,
          width: null,
          height: null,
        },
      },
      text(' rel', [
        { type: 'link', attrs: { href: '/hc/x/articles/2', title: null, target: null, rel: null } },
      ]),
      text(' mail', [
        {
          type: 'link',
          attrs: { href: 'mailto:a@example.com', title: null, target: null, rel: null },
        },
      ]),
    ),
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [p(text('one'))] },
        {
          type: 'listItem',
          content: [
            p(text('two')),
            {
              type: 'orderedList',
              attrs: { start: 3 },
              content: [{ type: 'listItem', content: [p(text('three'))] }],
            },
          ],
        },
        { type: 'listItem', content: [p(text('para')), p(text('loose'))] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [{ type: 'listItem', content: [p(text('first'))] }],
    },
    { type: 'blockquote', content: [p(text('quoted'))] },
    { type: 'codeBlock', attrs: { language: 'js' }, content: [text('if (a < b) {\n  x();\n}')] },
    { type: 'codeBlock', attrs: { language: null }, content: [text('plain')] },
    { type: 'horizontalRule' },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [cell('tableHeader', p(text('H1'))), cell('tableHeader', p(text('H2')))],
        },
        {
          type: 'tableRow',
          content: [
            {
              ...cell('tableCell', p(text('wide'))),
              attrs: { colspan: 2, rowspan: 1, colwidth: null },
            },
          ],
        },
        {
          type: 'tableRow',
          content: [
            cell('tableCell', p(text('a')), p(text('b'))),
            { ...cell('tableCell', p()), attrs: { colspan: 1, rowspan: 2, colwidth: null } },
          ],
        },
      ],
    },
    {
      type: 'video',
      attrs: {
        src: 'https://www.youtube-nocookie.com/embed/abc123',
        title: 'Demo',
        width: '560',
        height: '315',
      },
    },
    { type: 'internalNote', content: [p(text('Check with legal'))] },
    { type: 'aiDraft', attrs: { state: 'pending' }, content: [p(text('Suggested'))] },
    p(),
  ],
};
