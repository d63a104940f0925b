// The decoding rule is shared with the gateway's comparison upload: one place, in contracts.
export { type CsvEncoding, type DecodedCsv, decodeCsvFile, decodeWindows1252 } from '@bleedkits/contracts';
