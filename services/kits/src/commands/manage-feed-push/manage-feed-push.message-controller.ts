import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
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
import { Handles } from '@bleedkits/platform';
import { ManageFeedPushHandler } from './manage-feed-push.handler';

@Controller()
export class ManageFeedPushMessageController {
  constructor(private readonly handler: ManageFeedPushHandler) {}

  @Handles(AmbulanceFeedSubjects.pushSet)
  set(@Payload() req: SetFeedPushRequest): Promise<SetFeedPushResponse> {
    return this.handler.set(req?.actor, req?.clientId, req?.url);
  }

  @Handles(AmbulanceFeedSubjects.pushRotateSecret)
  rotateSecret(@Payload() req: FeedPushClientRequest): Promise<RotateFeedPushSecretResponse> {
    return this.handler.rotateSecret(req?.actor, req?.clientId);
  }

  @Handles(AmbulanceFeedSubjects.pushResume)
  resume(@Payload() req: FeedPushClientRequest): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.handler.resume(req?.actor, req?.clientId);
  }

  @Handles(AmbulanceFeedSubjects.pushTest)
  sendTest(@Payload() req: FeedPushClientRequest): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.handler.sendTest(req?.actor, req?.clientId);
  }

  @Handles(AmbulanceFeedSubjects.pushReplay)
  replay(@Payload() req: FeedPushReplayRequest): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.handler.replay(req?.actor, req?.clientId, req?.fromCursor);
  }
}
