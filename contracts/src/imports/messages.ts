import { TEXT_LIMITS } from '../validation/limits';

/** Limits of the CSV import (spec: CSV only, at most 5 MB). */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * No cell of an imported row may be longer than this: the longest field the registration form accepts (the
 * availability JSON) is 5,000 characters. Shorter per-field limits of the form apply as well.
 */
export const IMPORT_MAX_CELL_LENGTH = 5000;

/** The import's messages: the spec's file checks word for word, then ours for what the spec does not cover. */
export const ImportMessages = {
  noFile: 'No File Selected: Please select a CSV file to upload',
  notCsv: 'Invalid File: Please select a CSV file',
  tooLarge: 'File Too Large: Maximum file size is 5MB',
  empty: 'The CSV file is empty.',
  headerOnly: 'The CSV file has a header row but no kits.',
  missingColumn: (column: string) => `Missing required column: ${column}.`,
  notText: 'The file is not a CSV text file.',
  utf16: 'The file is UTF-16 encoded. Save it as "CSV UTF-8" and upload it again.',
  unparseable: 'Unable to parse the uploaded file. Please check the format.',
  cellTooLong: (column: string) => `${column} is longer than ${IMPORT_MAX_CELL_LENGTH} characters.`,
  // The postcode is quoted at most as long as a postcode may be: a 5,000-character cell is not repeated per row.
  postcodeNotLocated: (postcode: string) =>
    postcode
      ? `Latitude and longitude are empty and the postcode '${postcode.slice(0, TEXT_LIMITS.postcode)}' could not be located. Add the kit's latitude and longitude.`
      : 'Latitude and longitude are empty and there is no postcode to locate the kit from.',
  duplicateColumn: (column: string) => `The column ${column} appears more than once.`,
  halfLocation: 'Latitude and longitude must both be numbers, or both be empty to locate the kit from its postcode.',
  otherAccount: 'You can only import kits into your own account.',
  ownerNotFound: 'The account to import into was not found.',
  jobNotFound: 'Import not found',
  uploadIncomplete: 'The upload is incomplete. Please upload the file again.',
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-GB')} kit rows, the most one import takes. Split it into files of at most ${max.toLocaleString('en-GB')} rows and upload each.`,
  errorsPage: 'afterRow must be a row number and limit a whole number.',
  rowNotRegistered: (reference: string) =>
    `This row could not be registered. Check its values and upload it again${reference ? `, or contact us quoting reference ${reference}` : ''}.`,
  /** The spec's toasts. */
  success: (n: number) => `Successfully imported ${n} kits.`,
  noneImported: 'No kits were imported. Please check the error details.',
} as const;
