import { htmlAsText, readableDiff, wordDiff } from './diff';

const join = (runs: { op: string; text: string }[], keep: string) =>
  runs
    .filter((r) => r.op === 'equal' || r.op === keep)
    .map((r) => r.text)
    .join('');

describe('word-level differences (issue 37 item 6)', () => {
  it('the server runs over HTML read as text, tags gone, entities decoded', () => {
    const runs = readableDiff([
      { op: 'equal', text: '<p class="lead">Hello ' },
      { op: 'delete', text: 'big' },
      { op: 'insert', text: '<strong>small</strong>' },
      { op: 'equal', text: ' world &amp; <em>more</em>.</p><p>Next</p>' },
    ]);
    expect(runs).toEqual([
      { op: 'equal', text: 'Hello ' },
      { op: 'delete', text: 'big' },
      { op: 'insert', text: 'small' },
      { op: 'equal', text: ' world & more.\nNext\n' },
    ]);
  });

  it('markup in a run is text, never an element: a script tag is removed, its words stay words', () => {
    expect(htmlAsText('<img src=x onerror=alert(1)>a &lt;b&gt; &#x3C;i>')).toBe('a <b> <i>');
  });

  it('wordDiff finds the changed words and both texts can be rebuilt from it', () => {
    const before = 'Open the Settings page and choose Security.';
    const after = 'Open the Account page, then choose Security now.';
    const runs = wordDiff(before, after);
    expect(join(runs, 'delete')).toBe(before);
    expect(join(runs, 'insert')).toBe(after);
    const words = (op: string) =>
      runs.filter((r) => r.op === op).flatMap((r) => r.text.split(/\s+/).filter(Boolean));
    expect(words('delete')).toEqual(expect.arrayContaining(['Settings', 'and']));
    expect(words('insert')).toEqual(expect.arrayContaining(['Account', 'then', 'now.']));
    expect(words('equal')).toEqual(expect.arrayContaining(['Open', 'the', 'choose']));
    expect(wordDiff('same', 'same')).toEqual([{ op: 'equal', text: 'same' }]);
  });
});
