import { Editor } from '@tiptap/core';
import { act, screen, waitFor } from '@testing-library/react';
import { sanitizeHtml, stripInternalMarkup } from '@hc/content';
import { renderWithProviders } from '../../testing/render';
import { ContentEditor } from './ContentEditor';
import { docToHtml, htmlToDoc, MARK_TYPES, NODE_TYPES, type DocNode } from './document';
import { EVERYTHING } from './document.fixture';
import { editorExtensions } from './extensions';

const HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

/** Attributes the editor's schema holds that the mapping never writes: none can be set in the UI. */
const EDITOR_ONLY: Record<string, string[]> = {
  tableCell: ['colwidth', 'align'],
  tableHeader: ['colwidth', 'align'],
  orderedList: ['type'],
  link: ['class'],
};

/** What the mapping reads and writes for each node and mark (document.ts). */
const MAPPED: Record<string, string[]> = {
  heading: ['level', 'id'],
  orderedList: ['start'],
  codeBlock: ['language'],
  image: ['src', 'alt', 'title', 'width', 'height'],
  tableCell: ['colspan', 'rowspan'],
  tableHeader: ['colspan', 'rowspan'],
  video: ['src', 'title', 'width', 'height'],
  aiDraft: ['state'],
  rawHtml: ['html'],
  link: ['href', 'title', 'target', 'rel'],
  noteMark: ['markId'],
};

function editorWith(content: DocNode) {
  return new Editor({ extensions: editorExtensions(), content });
}

describe('the TipTap schema is the mapping’s, and so the sanitizer’s (issue 37 item 4)', () => {
  it('has exactly the nodes and marks the mapping writes', () => {
    const editor = editorWith({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(Object.keys(editor.schema.nodes).sort()).toEqual([...NODE_TYPES].sort());
    expect(Object.keys(editor.schema.marks).sort()).toEqual([...MARK_TYPES].sort());
    const types = { ...editor.schema.nodes, ...editor.schema.marks };
    for (const [name, type] of Object.entries(types)) {
      const attrs = Object.keys(type.spec.attrs ?? {}).sort();
      expect([name, attrs]).toEqual([
        name,
        [...(MAPPED[name] ?? []), ...(EDITOR_ONLY[name] ?? [])].sort(),
      ]);
    }
    editor.destroy();
  });

  it('holds every node, mark and attribute: loaded and read back, the HTML is the same and survives the sanitizer', () => {
    const editor = editorWith(EVERYTHING);
    const html = docToHtml(editor.getJSON() as DocNode);
    expect(html).toBe(docToHtml(EVERYTHING));
    const visible = stripInternalMarkup(html);
    expect(sanitizeHtml(visible, HOSTS)).toBe(visible);
    editor.destroy();
  });

  it('cannot take a script link, whatever the command', () => {
    const editor = editorWith({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
    });
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    editor.commands.setLink({ href: 'https://example.com/' });
    expect(docToHtml(editor.getJSON() as DocNode)).toBe(
      '<p><a href="https://example.com/">x</a></p>',
    );
    editor.destroy();
  });
});

/** The XSS vectors of the reader-site tests (e2e/reader-site-isolation.e2e-spec.ts). */
const VECTORS = [
  `<img src=x onerror="alert('img')">`,
  `<p onmouseover="alert('p')">hover</p>`,
  `<a href="javascript:alert('link')">a</a>`,
  `<svg onload="alert('svg')"><script>alert('svg-script')</script></svg>`,
  `<iframe src="https://attacker.invalid/frame"></iframe>`,
  `<iframe srcdoc="<script>parent.alert('srcdoc')</script>"></iframe>`,
  `<script>alert('script')</script>`,
  `<details open ontoggle="alert('toggle')"><summary>s</summary></details>`,
  `<video><source onerror="alert('video')"></video>`,
];

describe('the editor on the platform origin shows stored HTML only through the schema', () => {
  it('renders each XSS vector as text in a kept block: no element of it exists in the page', async () => {
    const stored = VECTORS.join('\n') + '<p>Safe paragraph</p>';
    const onChange = jest.fn();
    const { container } = renderWithProviders(
      <ContentEditor
        html={stored}
        editable
        embedHosts={HOSTS}
        label="Content"
        onChange={onChange}
        uploadImage={jest.fn()}
        onError={jest.fn()}
      />,
    );
    await screen.findByText('Safe paragraph');
    const content = container.querySelector('.ProseMirror') as HTMLElement;
    expect(
      content.querySelectorAll('img, svg, script, iframe, video, source, details, a').length,
    ).toBe(0);
    for (const el of content.querySelectorAll('*'))
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(/^on|srcdoc/);
    const kept = [...content.querySelectorAll('.hc-raw-html pre')].map((el) => el.textContent);
    expect(kept.join('\n')).toContain(`<img src=x onerror="alert('img')">`);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a Markdown paste becomes structure, through the sanitizer, and is reported as the new HTML', async () => {
    const onChange = jest.fn();
    const { container } = renderWithProviders(
      <ContentEditor
        html="<p>Start</p>"
        editable
        embedHosts={HOSTS}
        label="Content"
        onChange={onChange}
        uploadImage={jest.fn()}
        onError={jest.fn()}
      />,
    );
    await screen.findByText('Start');
    const content = container.querySelector('.ProseMirror') as HTMLElement;
    const data: Record<string, string> = {
      'text/plain':
        '## Steps\n\n1. Open **Settings**\n2. <img src=x onerror=alert(1)>Save\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    };
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', {
      value: {
        getData: (t: string) => data[t] ?? '',
        files: [],
        types: Object.keys(data),
        items: [],
      },
    });
    await act(async () => {
      content.focus();
      content.dispatchEvent(event);
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.calls.at(-1)?.[0] as string;
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toContain('<li>Open <strong>Settings</strong></li>');
    expect(html).toContain(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    expect(html).not.toMatch(/onerror|alert/);
    expect(
      htmlToDoc(html, { mode: 'stored', embedHosts: HOSTS }).content?.some(
        (n) => n.type === 'rawHtml',
      ),
    ).toBe(false);
  });
});
