import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportJobView, ImportsSubjects, type StartImportRequest } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StartImportHandler } from './start-import.handler';

@Controller()
export class StartImportMessageController {
  constructor(private readonly handler: StartImportHandler) {}

  @Handles(ImportsSubjects.startImport)
  handle(@Payload() req: StartImportRequest): Promise<ImportJobView> {
    return this.handler.execute(req);
  }
}
