import { neutraliseCell, toCsv } from './csv';

describe(toCsv.name, () => {
  it('neutralises text that a spreadsheet would run as a formula, keeps numbers numeric, quotes separators', () => {
    expect(neutraliseCell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    for (const s of ['+1', '-2', '@sum', '\tx', '\rx', '\nx']) expect(neutraliseCell(s).startsWith("'")).toBe(true);
    expect(neutraliseCell(-2.337856)).toBe('-2.337856');
    const csv = toCsv([{ a: 'x, "y"', b: -1.5, c: '=1+1' }], [
      { header: 'A', value: (r) => r.a },
      { header: 'B', value: (r) => r.b },
      { header: 'C', value: (r) => r.c },
    ]);
    expect(csv).toBe('A,B,C\r\n"x, ""y""",-1.5,\'=1+1\r\n');
  });
});
