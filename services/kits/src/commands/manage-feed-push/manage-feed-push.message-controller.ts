import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AmbulanceFeedSubjects,
  type FeedPushClientRequest,
  type FeedPushReplayRequest,
  type FeedPushStatusResponse,
  type MessageResponse,
  type RotateFeedPushSecretResponse,
  type SetFeedPushRequest,
  type SetFeedPushResponse,
} from '@bleedkits/contracts';
import { ManageFeedPushHandler } from './manage-feed-push.handler';

@Controller()
export class ManageFeedPushMessageController {
  constructor(private readonly handler: ManageFeedPushHandler) {}

  @MessagePattern(AmbulanceFeedSubjects.pushSet)
  set(@Payload() req: SetFeedPushRequest): Promise<SetFeedPushResponse> {
    return this.handler.set(req?.actor, req?.clientId, req?.url);
  }

  @MessagePattern(AmbulanceFeedSubjects.pushRotateSecret)
  rotateSecret(@Payload() req: FeedPushClientRequest): Promise<RotateFeedPushSecretResponse> {
    return this.handler.rotateSecret(req?.actor, req?.clientId);
  }

  @MessagePattern(AmbulanceFeedSubjects.pushResume)
  resume(@Payload() req: FeedPushClientRequest): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.handler.resume(req?.actor, req?.clientId);
  }

  @MessagePattern(AmbulanceFeedSubjects.pushTest)
  sendTest(@Payload() req: FeedPushClientRequest): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.handler.sendTest(req?.actor, req?.clientId);
  }

  @MessagePattern(AmbulanceFeedSubjects.pushReplay)
  replay(@Payload() req: FeedPushReplayRequest): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.handler.replay(req?.actor, req?.clientId, req?.fromCursor);
  }
}
