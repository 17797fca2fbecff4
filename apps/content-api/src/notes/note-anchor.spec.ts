import { stripInternalMarkup, noteMarkIds } from '@hc/content';
import { highlightQuote, locate, newMarkId } from './note-anchor';

describe('team-note anchors (hc note add)', () => {
  it('wraps the quote in the highlight markup; stripping gives back the original HTML', () => {
    const html = '<p>Open the <strong>settings</strong> page.</p>';
    const out = highlightQuote(html, 'settings page', 'note-1')!;
    expect(out).toBe(
      '<p>Open the <strong><mark data-hc-note="note-1">settings</mark></strong><mark data-hc-note="note-1"> page</mark>.</p>',
    );
    expect(noteMarkIds(out)).toEqual(['note-1', 'note-1']);
    expect(stripInternalMarkup(out)).toBe(html);
  });

  it('matches decoded text (entities) and collapsed whitespace', () => {
    expect(highlightQuote('<p>Fish &amp; chips</p>', 'Fish & chips', 'n')).toBe(
      '<p><mark data-hc-note="n">Fish &amp; chips</mark></p>',
    );
    expect(locate('click \n  Save now', 'click Save')).toEqual({ start: 0, end: 13 });
  });

  it('leaves every byte outside the touched text pieces as stored', () => {
    const html = '<P CLASS=x>Hello&nbsp;there <br/>big   world</P>\n<img src=a.png>';
    expect(highlightQuote(html, 'big world', 'n')).toBe(
      '<P CLASS=x>Hello&nbsp;there <br/><mark data-hc-note="n">big   world</mark></P>\n<img src=a.png>',
    );
  });

  it('does not anchor inside internal notes, AI drafts or scripts, and answers null when absent', () => {
    const html =
      '<aside data-hc-internal-note>secret words</aside><script>var secret</script><p>visible</p>';
    expect(highlightQuote(html, 'secret', 'n')).toBeNull();
    expect(highlightQuote('<p>abc</p>', 'xyz', 'n')).toBeNull();
    expect(highlightQuote('<p>abc</p>', '   ', 'n')).toBeNull();
  });

  it('keeps earlier highlights and nests a new one inside them', () => {
    const first = highlightQuote('<p>alpha beta gamma</p>', 'beta gamma', 'a')!;
    const second = highlightQuote(first, 'beta', 'b')!;
    expect(noteMarkIds(second)).toEqual(['a', 'b']);
    expect(stripInternalMarkup(second)).toBe('<p>alpha beta gamma</p>');
  });

  it('anchors a later repetition when asked (the text the person selected), null past the last', () => {
    const html = '<p>Save, then Save again.</p><p>Save</p>';
    expect(highlightQuote(html, 'Save', 'n', 1)).toBe(
      '<p>Save, then <mark data-hc-note="n">Save</mark> again.</p><p>Save</p>',
    );
    expect(highlightQuote(html, 'Save', 'n', 2)).toBe(
      '<p>Save, then Save again.</p><p><mark data-hc-note="n">Save</mark></p>',
    );
    expect(highlightQuote(html, 'Save', 'n', 3)).toBeNull();
    expect(locate('a  b, a b', 'a b', 1)).toEqual({ start: 6, end: 9 });
  });

  it('makes distinct mark ids', () => {
    expect(newMarkId()).toMatch(/^note-[0-9a-f]{12}$/);
    expect(newMarkId()).not.toBe(newMarkId());
  });
});
