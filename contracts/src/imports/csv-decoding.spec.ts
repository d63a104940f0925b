import { ImportMessages } from './messages';
import { decodeCsvFile, decodeWindows1252 } from './csv-decoding';

describe(decodeCsvFile.name, () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeCsvFile(Buffer.from('a,b\r\nCafé,1\r\n'))).toEqual({ ok: true, text: 'a,b\r\nCafé,1\r\n', encoding: 'utf-8' });
    expect(decodeCsvFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a,b')]))).toEqual({
      ok: true,
      text: 'a,b',
      encoding: 'utf-8-bom',
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, curly quotes, dashes and the euro sign included', () => {
    const bytes = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x93, 0x78, 0x94, 0x20, 0x80, 0x35, 0x20, 0x92]);
    expect(decodeCsvFile(bytes)).toEqual({ ok: true, text: 'Café – “x” €5 ’', encoding: 'windows-1252' });
    expect(decodeWindows1252(Uint8Array.from([0x81, 0x9f, 0xff]))).toBe('\u0081\u0178\u00ff');
  });

  it('refuses UTF-16, binary, damaged UTF-8 that claims to be UTF-8, and files over 5 MB', () => {
    expect(decodeCsvFile(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]))).toEqual({ ok: false, message: ImportMessages.utf16 });
    expect(decodeCsvFile(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00]))).toEqual({ ok: false, message: ImportMessages.notText });
    expect(decodeCsvFile(Uint8Array.from([0xef, 0xbb, 0xbf, 0xe9]))).toEqual({ ok: false, message: ImportMessages.notText });
    expect(decodeCsvFile(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61))).toEqual({ ok: false, message: ImportMessages.tooLarge });
  });
});
