import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ImportJobView, type ImportStatusRequest, ImportsSubjects } from '@bleedkits/contracts';
import { ImportStatusHandler } from './import-status.handler';

@Controller()
export class ImportStatusMessageController {
  constructor(private readonly handler: ImportStatusHandler) {}

  @MessagePattern(ImportsSubjects.importStatus)
  handle(@Payload() req: ImportStatusRequest): Promise<ImportJobView> {
    return this.handler.execute(req);
  }
}
