import { Controller } from '@nestjs/common';
import { type BackupStatusFacts, BackupsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StatusFactsHandler } from './status-facts.handler';

@Controller()
export class StatusFactsMessageController {
  constructor(private readonly handler: StatusFactsHandler) {}

  @Handles(BackupsSubjects.statusFacts)
  handle(): Promise<BackupStatusFacts> {
    return this.handler.execute();
  }
}
