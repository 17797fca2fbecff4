import { compileCustomCss, CssParseError, renderCss } from './css';

describe('custom CSS rendering (spec 4.12)', () => {
  it('keeps ordinary CSS, media queries and custom properties', () => {
    const css =
      ':root { --brand: #123456 }\n@media (max-width: 600px) { .a { color: var(--brand) } }';
    expect(renderCss(css)).toEqual({
      css: ':root { --brand: #123456 }\n@media (max-width: 600px) { .a { color: var(--brand) } }',
      removed: [],
    });
  });

  it.each([
    ['@import url(x.css); .a{color:red}', '@import'],
    ['@IMPORT "x.css"; .a{color:red}', '@import'],
    ['@charset "utf-8"; .a{color:red}', '@charset'],
    ['@namespace svg url(x); .a{color:red}', '@namespace'],
    ['.a{color:red; width: EXPRESSION(alert(1))}', 'expression()'],
    ['.a{color:red; width: expr/**/ession(alert(1))}', 'expression()'],
    ['.a{color:red; behavior: url(a.htc)}', 'behavior:'],
    ['.a{color:red; -ms-behavior: url(a.htc)}', 'behavior:'],
    ['.a{color:red; background: url( "JavaScript:alert(1)" )}', 'javascript: URL'],
    ['.a{color:red; background: url(\\6a avascript:alert(1))}', 'javascript: URL'],
  ])('removes %s', (css, what) => {
    const out = renderCss(css);
    expect(out.removed).toEqual([what]);
    expect(out.css).toContain('color:red');
    expect(out.css.toLowerCase()).not.toMatch(
      /import|charset|namespace|expression|behavior|javascript/,
    );
  });

  it('drops rules left empty and reports blocks that render as nothing', () => {
    expect(renderCss('.a { behavior: url(x) } @media print { .b {} }').css).toBe('');
    expect(renderCss('/* note */').css).toBe('');
  });

  it('never lets a </style> close the page’s style element', () => {
    expect(renderCss('.a::after { content: "</style><script>x()</script>" }').css).not.toContain(
      '</style',
    );
  });

  it('throws CssParseError for CSS that cannot be parsed', () => {
    expect(() => renderCss('.a { color: red')).toThrow(CssParseError);
  });

  it('compiles enabled blocks in order', () => {
    const out = compileCustomCss([
      { id: 'one', label: null, css: '.one{a:b}', enabled: true },
      { id: 'two', label: null, css: '.two{a:b}', enabled: false },
      { id: 'three', label: 'x */ y', css: '.three{a:b}', enabled: true },
    ]);
    expect(out).toBe('/* one */\n.one{a:b}\n\n/* three */\n.three{a:b}');
  });
});
