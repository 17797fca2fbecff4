import { headingsOf, readerHtml } from './components';
import { esc, safeColor, safeHref } from './html';
import { themeCss } from './page';

describe('reader rendering helpers', () => {
  it('escapes text and keeps only safe links and colors', () => {
    expect(esc(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref('//evil.example')).toBe('#');
    expect(safeHref('/contact')).toBe('/contact');
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeColor('#7c3aed')).toBe('#7c3aed');
    expect(safeColor('primary')).toBe('var(--hc-color-primary)');
    expect(safeColor('red;background:url(x)')).toBeNull();
  });

  it('theme tokens become the --hc-* variables; values that are not colors are dropped', () => {
    const css = themeCss({
      theme: {
        colors: { primary: '#112233', accent: 'url(javascript:x)' },
        darkColors: { primary: '#445566' },
        fonts: { heading: 'Manrope', body: 'system-ui', code: 'x;}body{' },
        radius: { buttons: 'full', cards: 'none' },
        density: 'spacious',
      },
    });
    expect(css).toContain('--hc-color-primary:#112233;');
    expect(css).not.toContain('javascript');
    expect(css).toContain('--hc-font-heading:"Manrope", system-ui, sans-serif;');
    expect(css).toContain('--hc-font-body:system-ui, system-ui, sans-serif;');
    expect(css).toContain('--hc-font-code:ui-monospace, monospace;');
    expect(css).toContain('--hc-radius-buttons:9999px;--hc-radius-cards:0;');
    expect(css).toContain('--hc-space:1.5rem;');
    expect(css).toContain(
      '@media (prefers-color-scheme: dark){:root{--hc-color-primary:#445566;}}',
    );
  });

  it('article headings get ids for the table of contents; internal markup is removed', () => {
    const html =
      '<h2>Set up</h2><p data-hc-internal-note>secret</p><h3 id="own">Keep</h3><h2>Set up</h2>';
    expect(readerHtml(html)).toBe(
      '<h2 id="h-set-up">Set up</h2><h3 id="own">Keep</h3><h2 id="h-set-up-2">Set up</h2>',
    );
    expect(headingsOf(html, 2).map((h) => h.id)).toEqual(['h-set-up', 'h-set-up-2']);
  });
});
