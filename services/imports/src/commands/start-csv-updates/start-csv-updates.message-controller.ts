import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImportsSubjects, type QueueCsvUpdatesResponse, type StartCsvUpdatesRequest } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StartCsvUpdatesHandler } from './start-csv-updates.handler';

@Controller()
export class StartCsvUpdatesMessageController {
  constructor(private readonly handler: StartCsvUpdatesHandler) {}

  @Handles(ImportsSubjects.startCsvUpdates)
  handle(@Payload() req: StartCsvUpdatesRequest): Promise<QueueCsvUpdatesResponse> {
    return this.handler.execute(req);
  }
}
