import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportErrorsPart, type ImportErrorsRequest, ImportsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ImportErrorsHandler } from './import-errors.handler';

@Controller()
export class ImportErrorsMessageController {
  constructor(private readonly handler: ImportErrorsHandler) {}

  @Handles(ImportsSubjects.importErrors)
  handle(@Payload() req: ImportErrorsRequest): Promise<ImportErrorsPart> {
    return this.handler.execute(req);
  }
}
