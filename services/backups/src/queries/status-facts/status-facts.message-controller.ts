import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type BackupStatusFacts, BackupsSubjects } from '@bleedkits/contracts';
import { StatusFactsHandler } from './status-facts.handler';

@Controller()
export class StatusFactsMessageController {
  constructor(private readonly handler: StatusFactsHandler) {}

  @MessagePattern(BackupsSubjects.statusFacts)
  handle(): Promise<BackupStatusFacts> {
    return this.handler.execute();
  }
}
