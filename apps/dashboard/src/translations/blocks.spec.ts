import { alignRows, joinBlocks, splitBlocks } from './blocks';

describe('the translation workspace’s rows (issue 38)', () => {
  const SOURCE =
    '<h2 id="start">Start</h2><p>Open <a href="https://example.com">the site</a>.</p><ul><li>One</li><li>Two</li></ul>';

  it('splits content into its top-level blocks and joins them back unchanged', () => {
    const blocks = splitBlocks(SOURCE, []);
    expect(blocks).toEqual([
      '<h2 id="start">Start</h2>',
      '<p>Open <a href="https://example.com">the site</a>.</p>',
      '<ul><li>One</li><li>Two</li></ul>',
    ]);
    expect(joinBlocks(blocks)).toBe(SOURCE);
  });

  it('keeps HTML the schema cannot represent as one untouched block (shown as text, not run)', () => {
    const odd = '<p onclick="x()">Hi<script>alert(1)</script></p>';
    expect(splitBlocks(`<p>Before</p>${odd}`, [])).toEqual(['<p>Before</p>', odd]);
  });

  it('pads a shorter translation with empty rows, which write nothing', () => {
    const rows = alignRows(splitBlocks(SOURCE, []), splitBlocks('<h2>Anfang</h2>', []));
    expect(rows).toEqual(['<h2>Anfang</h2>', '', '']);
    expect(joinBlocks(rows)).toBe('<h2>Anfang</h2>');
    expect(splitBlocks('  ', [])).toEqual([]);
    expect(alignRows([], [])).toEqual(['']);
  });
});
