import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CsvUpdateJobStatus, type CsvUpdateStatusRequest, ImportsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { CsvUpdateStatusHandler } from './csv-update-status.handler';

@Controller()
export class CsvUpdateStatusMessageController {
  constructor(private readonly handler: CsvUpdateStatusHandler) {}

  @Handles(ImportsSubjects.csvUpdateStatus)
  handle(@Payload() req: CsvUpdateStatusRequest): Promise<CsvUpdateJobStatus> {
    return this.handler.execute(req);
  }
}
