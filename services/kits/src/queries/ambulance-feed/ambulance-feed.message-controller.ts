import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AmbulanceFeedSubjects, type FeedOpenRequest, type FeedOpenResponse, type FeedPartRequest } from '@bleedkits/contracts';
import { Handles, type PreSerialisedJson } from '@bleedkits/platform';
import { AmbulanceFeedHandler } from './ambulance-feed.handler';

@Controller()
export class AmbulanceFeedMessageController {
  constructor(private readonly handler: AmbulanceFeedHandler) {}

  @Handles(AmbulanceFeedSubjects.open)
  open(@Payload() req: FeedOpenRequest): Promise<FeedOpenResponse> {
    return this.handler.open(req);
  }

  @Handles(AmbulanceFeedSubjects.part)
  part(@Payload() req: FeedPartRequest): Promise<PreSerialisedJson> {
    return this.handler.part(req);
  }
}
