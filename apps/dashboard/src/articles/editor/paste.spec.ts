import { sanitizeHtml } from '@hc/content';
import { docToHtml, type DocNode } from './document';
import { looksLikeMarkdown, pasteToContent } from './paste';

const HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com', 'www.loom.com'];
const paste = (clip: { html?: string; text?: string }) =>
  docToHtml({ type: 'doc', content: pasteToContent(clip, HOSTS) });
const types = (nodes: DocNode[]) => nodes.map((n) => n.type);

describe('pasting keeps the structure (issue 37 item 4)', () => {
  it('Markdown: headings, lists, tables, code, links, images, quotes', () => {
    const md = [
      '# Reset your password',
      '',
      'Open **Settings**, then _Security_ and see [the guide](https://example.com/guide).',
      '',
      '1. One',
      '2. Two',
      '   - nested',
      '',
      '| Plan | Price |',
      '| --- | --- |',
      '| Free | 0 |',
      '',
      '```sh',
      'hc login --site 12',
      '```',
      '',
      '> Note: `code` inside',
      '',
      '![Screen](https://cdn.example.com/s.png)',
    ].join('\n');
    expect(looksLikeMarkdown(md)).toBe(true);
    expect(paste({ text: md })).toBe(
      '<h1>Reset your password</h1>' +
        '<p>Open <strong>Settings</strong>, then <em>Security</em> and see <a href="https://example.com/guide">the guide</a>.</p>' +
        '<ol><li>One</li><li>Two<ul><li>nested</li></ul></li></ol>' +
        '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Free</td><td>0</td></tr></tbody></table>' +
        '<pre><code class="language-sh">hc login --site 12</code></pre>' +
        '<blockquote><p>Note: <code>code</code> inside</p></blockquote>' +
        '<p><img src="https://cdn.example.com/s.png" alt="Screen"></p>',
    );
  });

  it('HTML from another help center (Zendesk-like) keeps headings, lists, tables and links, loses its wrappers and styles', () => {
    const html =
      '<meta charset="utf-8"><div class="article-body"><h2 id="h_01" class="x">Before you start</h2>' +
      '<p class="wysiwyg-text-align-left" style="color:red">You need <span style="font-weight:600">admin</span> rights. ' +
      '<a href="https://help.other.example/a/1" target="_blank" rel="noopener" onclick="track()">Read more</a></p>' +
      '<ul><li><p>First</p></li><li><p>Second</p></li></ul>' +
      '<table class="t"><tbody><tr><td style="width:50%">A</td><td>B</td></tr></tbody></table>' +
      '<figure><img src="https://cdn.other.example/i.png" alt="i" style="max-width:100%"><figcaption>Caption</figcaption></figure>' +
      '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315" frameborder="0" allowfullscreen></iframe>' +
      '<script>alert(1)</script><button>Buy</button></div>';
    expect(paste({ html, text: 'ignored' })).toBe(
      '<h2>Before you start</h2>' +
        '<p>You need admin rights. <a href="https://help.other.example/a/1" target="_blank" rel="noopener">Read more</a></p>' +
        '<ul><li>First</li><li>Second</li></ul>' +
        '<table><tbody><tr><td>A</td><td>B</td></tr></tbody></table>' +
        '<p><img src="https://cdn.other.example/i.png" alt="i"></p><p>Caption</p>' +
        '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315" allowfullscreen sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>' +
        '<p>Buy</p>',
    );
  });

  it('Google Docs: the whole-paste <b style="font-weight:normal"> wrapper is neither bold nor flattening', () => {
    const html =
      '<b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:700">Bold</span> text</p>' +
      '<ul><li dir="ltr"><p dir="ltr">item</p></li></ul></b>';
    expect(paste({ html })).toBe('<p>Bold text</p><ul><li>item</li></ul>');
  });

  it('plain prose stays prose: paragraphs and line breaks, markup characters as text', () => {
    expect(looksLikeMarkdown('Hello there.\nSecond line <b>not bold</b>.\n\nNew paragraph')).toBe(
      false,
    );
    expect(paste({ text: 'Hello there.\nSecond line <b>not bold</b>.\n\nNew paragraph' })).toBe(
      '<p>Hello there.<br>Second line &#x3C;b>not bold&#x3C;/b>.</p><p>New paragraph</p>',
    );
  });

  it('a video page address becomes a player from an allowed host, others stay a link or text', () => {
    expect(paste({ text: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>',
    );
    expect(paste({ text: 'https://vimeo.com/76979871' })).toContain(
      'src="https://player.vimeo.com/video/76979871"',
    );
    expect(paste({ text: 'https://videos.attacker.invalid/v/1' })).toBe(
      '<p>https://videos.attacker.invalid/v/1</p>',
    );
  });

  it('code pasted from an editor (spans of colour in one <pre>) is kept as a code block', () => {
    const html =
      '<pre style="color:#333"><span style="color:blue">const</span> a = 1;\n<span>a</span>++;</pre>';
    expect(types(pasteToContent({ html, text: 'const a = 1;\na++;' }, HOSTS))).toEqual([
      'codeBlock',
    ]);
    expect(paste({ html })).toBe('<pre><code>const a = 1;\na++;</code></pre>');
  });

  it('whatever is pasted, what it inserts survives the sanitizer unchanged and holds no raw block', () => {
    const inputs = [
      '<svg onload="alert(1)"><text>x</text></svg><p>ok</p>',
      '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
      '<details open ontoggle="alert(1)"><summary>s</summary><p>d</p></details>',
      '<dl><dt>Term</dt><dd>Def</dd></dl><p><kbd>Ctrl</kbd>+<kbd>K</kbd></p>',
      '<table><caption>c</caption><tfoot><tr><td>f</td></tr></tfoot></table>',
      '<aside data-hc-internal-note>pasted note markup is not an internal note</aside>',
    ];
    for (const html of inputs) {
      const nodes = pasteToContent({ html }, HOSTS);
      expect(JSON.stringify(nodes)).not.toMatch(/rawHtml|internalNote|aiDraft|noteMark/);
      const out = docToHtml({ type: 'doc', content: nodes });
      expect(sanitizeHtml(out, HOSTS)).toBe(out);
      expect(out).not.toMatch(/alert|javascript|onerror|onload/);
    }
  });
});
