import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportJobView, type ImportStatusRequest, ImportsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ImportStatusHandler } from './import-status.handler';

@Controller()
export class ImportStatusMessageController {
  constructor(private readonly handler: ImportStatusHandler) {}

  @Handles(ImportsSubjects.importStatus)
  handle(@Payload() req: ImportStatusRequest): Promise<ImportJobView> {
    return this.handler.execute(req);
  }
}
