import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ImportMessages } from '@bleedkits/contracts';

/** A record longer than this is a runaway quote rather than a kit; the file is refused as unparseable. */
const MAX_RECORD_CHARACTERS = 256 * 1024;
const CHUNK_CHARACTERS = 64 * 1024;

/** A CSV record with its row number as a spreadsheet shows it (the header is row 1). */
export type NumberedRecord = { row: number; cells: string[] };

export class CsvFormatError extends Error {}

/**
 * Streams the records of a decoded file through csv-parse, a chunk at a time, so memory stays bounded by the
 * caller's batch rather than the file. Every record counts as a row, blank ones too (a spreadsheet's empty row
 * is still a row); the caller skips blank ones.
 */
export async function* csvRecords(text: string): AsyncGenerator<NumberedRecord> {
  const source = Readable.from(chunks(text));
  const parser = source.pipe(parse({ bom: true, relax_column_count: true, max_record_size: MAX_RECORD_CHARACTERS }));
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) yield { row: ++row, cells };
  } catch (e) {
    if (e instanceof CsvError) throw new CsvFormatError(`${ImportMessages.unparseable} (${e.message})`);
    throw e;
  } finally {
    source.destroy();
  }
}

function* chunks(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += CHUNK_CHARACTERS) yield text.slice(i, i + CHUNK_CHARACTERS);
}

export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}
