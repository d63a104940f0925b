import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AmbulanceFeedSubjects, type FeedAccessLogResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { FeedAccessLogHandler, type FeedAccessLogPageRequest } from './feed-access-log.handler';

@Controller()
export class FeedAccessLogMessageController {
  constructor(private readonly handler: FeedAccessLogHandler) {}

  @Handles(AmbulanceFeedSubjects.accessLog)
  handle(@Payload() req: FeedAccessLogPageRequest): Promise<FeedAccessLogResponse> {
    return this.handler.execute(req);
  }
}
