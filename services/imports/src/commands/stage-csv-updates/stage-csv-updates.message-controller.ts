import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImportsSubjects, type StageCsvUpdatesRequest } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StageCsvUpdatesHandler } from './stage-csv-updates.handler';

@Controller()
export class StageCsvUpdatesMessageController {
  constructor(private readonly handler: StageCsvUpdatesHandler) {}

  @Handles(ImportsSubjects.stageCsvUpdates)
  handle(@Payload() req: StageCsvUpdatesRequest): Promise<{ staged: number }> {
    return this.handler.execute(req);
  }
}
