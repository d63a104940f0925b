import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CsvUpdateEntriesPart, type CsvUpdateEntriesRequest, ImportsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { CsvUpdateEntriesHandler } from './csv-update-entries.handler';

@Controller()
export class CsvUpdateEntriesMessageController {
  constructor(private readonly handler: CsvUpdateEntriesHandler) {}

  @Handles(ImportsSubjects.csvUpdateEntries)
  handle(@Payload() req: CsvUpdateEntriesRequest): Promise<CsvUpdateEntriesPart> {
    return this.handler.execute(req);
  }
}
