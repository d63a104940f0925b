import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AmbulanceFeedSubjects,
  type FeedPushClientRequest,
  type FeedPushLogRequest,
  type FeedPushLogResponse,
  type FeedPushStatusResponse,
} from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { FeedPushStatusHandler } from './feed-push-status.handler';

@Controller()
export class FeedPushStatusMessageController {
  constructor(private readonly handler: FeedPushStatusHandler) {}

  @Handles(AmbulanceFeedSubjects.pushStatus)
  status(@Payload() req: FeedPushClientRequest): Promise<FeedPushStatusResponse> {
    return this.handler.status(req?.actor, req?.clientId);
  }

  @Handles(AmbulanceFeedSubjects.pushLog)
  log(@Payload() req: FeedPushLogRequest): Promise<FeedPushLogResponse> {
    return this.handler.log(req?.actor, req?.clientId, req?.page, req?.pageSize);
  }
}
