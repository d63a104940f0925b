import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined } from 'class-validator';
import { CSV_UPDATES_MAX, CsvUpdateMessages } from '../imports/csv-updates';
import { ComparisonMessages } from '../imports/comparison';

/**
 * POST /api/admin/csv-comparison as JSON: the rows (objects keyed by header), or the file's text. A file may
 * instead be uploaded as multipart (field csvFile), as the Admin Tools page does.
 */
export class CsvComparisonDto {
  @ApiProperty({
    oneOf: [
      { type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } } },
      { type: 'string', description: 'CSV text with a header row' },
    ],
  })
  @IsDefined({ message: ComparisonMessages.noRows })
  csvData: Record<string, unknown>[] | string;
}

/** POST /api/admin/queue-csv-updates as JSON (a large list may come as a multipart JSON file, field approvedUpdates). */
export class QueueCsvUpdatesDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', description: "{action: 'update', db_id, changes: [{field, old_value, new_value}]} or {action: 'create', csv_data}" },
  })
  @IsArray({ message: CsvUpdateMessages.noUpdates })
  @ArrayNotEmpty({ message: CsvUpdateMessages.noUpdates })
  @ArrayMaxSize(CSV_UPDATES_MAX, { message: CsvUpdateMessages.tooMany })
  approvedUpdates: unknown[];
}
