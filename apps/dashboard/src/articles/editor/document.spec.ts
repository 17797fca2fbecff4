import { SANITIZE_SCHEMA, sanitizeHtml, stripInternalMarkup } from '@hc/content';
import { EVERYTHING } from './document.fixture';
import {
  docToHtml,
  htmlToDoc,
  MARK_TYPES,
  NODE_TYPES,
  WRITTEN_ATTRIBUTES,
  type DocNode,
} from './document';

const HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];
const stored = (html: string) => htmlToDoc(html, { mode: 'stored', embedHosts: HOSTS });
const pasted = (html: string) =>
  htmlToDoc(sanitizeHtml(html, HOSTS), { mode: 'paste', embedHosts: HOSTS });
/** What readers get from stored HTML: internal markup stripped, then the allow-list. */
const reader = (html: string) => sanitizeHtml(stripInternalMarkup(html), HOSTS);

const usedTypes = (node: DocNode, nodes = new Set<string>(), marks = new Set<string>()) => {
  nodes.add(node.type);
  node.marks?.forEach((m) => marks.add(m.type));
  node.content?.forEach((c) => usedTypes(c, nodes, marks));
  return { nodes, marks };
};

describe('the editor document and the sanitizer allow-list (issue 37 item 4)', () => {
  it('the fixture covers every node and mark the editor can make (raw blocks are only ever kept)', () => {
    const { nodes, marks } = usedTypes(EVERYTHING);
    expect([...NODE_TYPES].filter((t) => !nodes.has(t))).toEqual(['rawHtml']);
    expect([...MARK_TYPES].filter((t) => !marks.has(t))).toEqual([]);
  });

  it('everything the editor writes comes back from the reader render path unchanged', () => {
    const html = docToHtml(EVERYTHING);
    const visible = stripInternalMarkup(html);
    expect(visible).not.toBe(html);
    expect(visible).toContain('noted');
    expect(visible).not.toContain('Check with legal');
    expect(sanitizeHtml(visible, HOSTS)).toBe(visible);
    expect(reader(html)).toBe(visible);
  });

  it('writes only elements and attributes the allow-list keeps', () => {
    const tags = new Set(SANITIZE_SCHEMA.tagNames);
    const attrs = SANITIZE_SCHEMA.attributes ?? {};
    const names = (list: unknown[] | undefined) =>
      (list ?? []).map((a) => (Array.isArray(a) ? a[0] : a));
    for (const [tag, written] of Object.entries(WRITTEN_ATTRIBUTES)) {
      // internal markup (spec 2.1) is stripped before the allow-list on every reader path
      if (tag === 'aside') continue;
      expect(tags.has(tag)).toBe(true);
      for (const attr of written) {
        if (attr.startsWith('dataHc')) continue;
        expect([...names(attrs[tag]), ...names(attrs['*'])]).toContain(attr);
      }
    }
  });

  it('reads back what it wrote as the same document', () => {
    const html = docToHtml(EVERYTHING);
    const again = stored(html);
    expect(docToHtml(again)).toBe(html);
    expect(again.content?.some((n) => n.type === 'rawHtml')).toBe(false);
    expect(again).toEqual(EVERYTHING);
  });

  it('keeps internal notes, AI drafts and team-note highlights of stored HTML', () => {
    const html =
      '<p>Before <mark data-hc-note="n-7">this</mark> after</p><aside data-hc-internal-note=""><p>Legal</p></aside>' +
      '<div data-hc-ai-draft="pending"><p>Draft</p></div>';
    const doc = stored(html);
    expect(doc.content?.map((n) => n.type)).toEqual(['paragraph', 'internalNote', 'aiDraft']);
    expect(docToHtml(doc)).toBe(html);
  });
});

describe('what the sanitizer drops cannot be entered', () => {
  /** Elements outside the allow-list, with content a person would want kept when pasting. */
  const DROPPED_ELEMENTS = [
    'script',
    'style',
    'noscript',
    'template',
    'textarea',
    'select',
    'object',
    'embed',
    'svg',
    'math',
    'form',
    'button',
    'label',
    'font',
    'center',
    'marquee',
    'base',
    'meta',
    'link',
    'aside',
    'nav',
    'header',
    'footer',
    'main',
    'article',
  ];

  const VOID = new Set(['embed', 'base', 'meta', 'link']);

  it.each(DROPPED_ELEMENTS)(
    '<%s> becomes no editor node: kept untouched when stored, gone when pasted',
    (tag) => {
      expect(SANITIZE_SCHEMA.tagNames).not.toContain(tag);
      const html = VOID.has(tag) ? `<${tag} title="t">` : `<${tag} title="t">inside</${tag}>`;
      const doc = stored(`<p>before</p>${html}`);
      expect(doc.content?.map((n) => n.type)).toEqual(['paragraph', 'rawHtml']);
      expect(doc.content?.[1]?.attrs?.html).toBe(html);
      expect(docToHtml(doc)).toBe(`<p>before</p>${html}`);
      const out = docToHtml(pasted(`<p>before</p>${html}`));
      expect(out).not.toContain(`<${tag}`);
      expect(sanitizeHtml(out, HOSTS)).toBe(out);
    },
  );

  const DROPPED_ATTRIBUTES: [string, string][] = [
    ['<p onclick="alert(1)">x</p>', 'onclick'],
    ['<p style="background:url(https://attacker.invalid/x)">x</p>', 'attacker'],
    ['<h2 onmouseover="alert(1)">x</h2>', 'onmouseover'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript'],
    ['<a href="data:text/html,x">x</a>', 'data:'],
    ['<a href="vbscript:x">x</a>', 'vbscript'],
    ['<img src="javascript:alert(1)">', 'javascript'],
    ['<img src="data:text/html,x">', 'data:text'],
    ['<img src="x.png" onerror="alert(1)">', 'onerror'],
    ['<iframe src="https://attacker.invalid/"></iframe>', 'attacker'],
    ['<iframe src="http://www.youtube.com/embed/x"></iframe>', 'iframe'],
    [
      '<iframe src="https://www.youtube.com/embed/x" srcdoc="<script>x</script>"></iframe>',
      'srcdoc',
    ],
    ['<td formaction="https://attacker.invalid/">x</td>', 'formaction'],
    ['<ol type="a" onclick="x"><li>x</li></ol>', 'onclick'],
  ];

  it.each(DROPPED_ATTRIBUTES)(
    '%s: untouched raw block when stored, no trace when pasted',
    (html, trace) => {
      const doc = stored(html);
      expect(doc.content?.[0]?.type).toBe('rawHtml');
      expect(doc.content?.[0]?.attrs?.html).toBe(html);
      expect(docToHtml(doc)).toBe(html);
      const out = docToHtml(pasted(html));
      expect(out.toLowerCase()).not.toContain(trace);
      expect(sanitizeHtml(out, HOSTS)).toBe(out);
    },
  );

  it('a raw block is only the unrepresentable part; the rest stays editable', () => {
    const html =
      '<h2>Set up</h2><details><summary>More</summary><p>x</p></details><ul><li>a</li></ul>';
    const doc = stored(html);
    expect(doc.content?.map((n) => n.type)).toEqual(['heading', 'rawHtml', 'bulletList']);
    expect(docToHtml(doc)).toBe(html);
  });
});
