import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AmbulanceFeedSubjects, type FeedAccessLogResponse } from '@bleedkits/contracts';
import { FeedAccessLogHandler, type FeedAccessLogPageRequest } from './feed-access-log.handler';

@Controller()
export class FeedAccessLogMessageController {
  constructor(private readonly handler: FeedAccessLogHandler) {}

  @MessagePattern(AmbulanceFeedSubjects.accessLog)
  handle(@Payload() req: FeedAccessLogPageRequest): Promise<FeedAccessLogResponse> {
    return this.handler.execute(req);
  }
}
