import { neutraliseCell, toCsv } from './csv';

describe(toCsv.name, () => {
  it('neutralises text that a spreadsheet would run as a formula, keeps numbers numeric, quotes separators', () => {
    expect(neutraliseCell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    for (const s of ['+1', '-2', '@sum', '\tx', '\rx', '\nx']) expect(neutraliseCell(s).startsWith("'")).toBe(true);
    expect(neutraliseCell(-2.337856)).toBe('-2.337856');
    const csv = toCsv(
      [{ a: 'x, "y"', b: -1.5, c: '=1+1' }],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
        { header: 'C', value: (r) => r.c },
      ],
    );
    expect(csv).toBe('A,B,C\r\n"x, ""y""",-1.5,\'=1+1\r\n');
  });

  it('neutralises a formula that follows a ; or , separator, also after spaces', () => {
    for (const s of ['x;=1+1', 'x,=1+1', 'Unit 4; +44 161 000', 'a, @SUM(A1)', 'b;-2+3', 'c,\t=cmd']) {
      expect({ s, out: neutraliseCell(s) }).toEqual({ s, out: `'${s}` });
    }
    const csv = toCsv(
      [{ a: 'x;=1+1', b: 'x,=1+1' }],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
      ],
    );
    expect(csv).toBe('A,B\r\n\'x;=1+1,"\'x,=1+1"\r\n');
    // Ordinary text with separators stays as it is.
    for (const s of ['Altrincham Library, 20 Stamford New Road', 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun', 'a;b', '1,5']) {
      expect(neutraliseCell(s)).toBe(s);
    }
  });
});
