import { datedCsvName, toCsv, type CsvColumn } from '@bleedkits/contracts';

/** Saves text as a download through a temporary object URL and an a[download] link. */
export function saveTextFile(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled so the browser has started reading the blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A local export: the server's CSV rules (toCsv) under a dated file name. */
export function exportCsv<T>(base: string, rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const filename = datedCsvName(base);
  saveTextFile(filename, toCsv(rows, columns));
  return filename;
}
