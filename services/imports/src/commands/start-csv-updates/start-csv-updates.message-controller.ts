import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ImportsSubjects, type QueueCsvUpdatesResponse, type StartCsvUpdatesRequest } from '@bleedkits/contracts';
import { StartCsvUpdatesHandler } from './start-csv-updates.handler';

@Controller()
export class StartCsvUpdatesMessageController {
  constructor(private readonly handler: StartCsvUpdatesHandler) {}

  @MessagePattern(ImportsSubjects.startCsvUpdates)
  handle(@Payload() req: StartCsvUpdatesRequest): Promise<QueueCsvUpdatesResponse> {
    return this.handler.execute(req);
  }
}
