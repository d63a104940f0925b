import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CsvUpdateEntriesPart, type CsvUpdateEntriesRequest, ImportsSubjects } from '@bleedkits/contracts';
import { CsvUpdateEntriesHandler } from './csv-update-entries.handler';

@Controller()
export class CsvUpdateEntriesMessageController {
  constructor(private readonly handler: CsvUpdateEntriesHandler) {}

  @MessagePattern(ImportsSubjects.csvUpdateEntries)
  handle(@Payload() req: CsvUpdateEntriesRequest): Promise<CsvUpdateEntriesPart> {
    return this.handler.execute(req);
  }
}
