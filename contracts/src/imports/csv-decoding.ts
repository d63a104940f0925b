import { IMPORT_MAX_FILE_BYTES, ImportMessages } from './messages';

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252';
export type DecodedCsv = { ok: true; text: string; encoding: CsvEncoding } | { ok: false; message: string };

/**
 * Windows-1252 differs from ISO-8859-1 only in 0x80-0x9F (curly quotes, dashes, the euro sign...); Node's
 * TextDecoder reads the 'windows-1252' label as ISO-8859-1 there, so the table is ours.
 */
const CP1252_HIGH: readonly number[] = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes = Array.from(bytes.subarray(i, i + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/**
 * The text of an uploaded CSV file. UTF-8 with or without a byte-order mark; bytes that are not valid UTF-8 are
 * read as Windows-1252 (what Excel's plain "CSV" saves on Windows), so 'Café' arrives as 'Café' either way.
 * UTF-16 and binary files are refused with a message saying what to do.
 */
export function decodeCsvFile(bytes: Uint8Array): DecodedCsv {
  if (bytes.length > IMPORT_MAX_FILE_BYTES) return { ok: false, message: ImportMessages.tooLarge };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return { ok: false, message: ImportMessages.utf16 };
  if (bytes.includes(0)) return { ok: false, message: ImportMessages.notText };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: bom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    // A file that says it is UTF-8 and is not is damaged, not Windows-1252.
    if (bom) return { ok: false, message: ImportMessages.notText };
    return { ok: true, text: decodeWindows1252(body), encoding: 'windows-1252' };
  }
}
