import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AmbulanceFeedSubjects,
  type CreateFeedClientRequest,
  type CreateFeedClientResponse,
  type FeedClientListResponse,
  type FeedClientView,
  type Actor,
} from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ManageFeedClientsHandler } from './manage-feed-clients.handler';

@Controller()
export class ManageFeedClientsMessageController {
  constructor(private readonly handler: ManageFeedClientsHandler) {}

  @Handles(AmbulanceFeedSubjects.createClient)
  create(@Payload() req: CreateFeedClientRequest & { actor: Actor }): Promise<CreateFeedClientResponse> {
    return this.handler.create(req?.actor, req);
  }

  @Handles(AmbulanceFeedSubjects.listClients)
  list(@Payload() req: { actor: Actor }): Promise<FeedClientListResponse> {
    return this.handler.list(req?.actor);
  }

  @Handles(AmbulanceFeedSubjects.revokeClient)
  revoke(@Payload() req: { actor: Actor; clientId: string }): Promise<{ message: string; client: FeedClientView }> {
    return this.handler.revoke(req?.actor, req?.clientId);
  }
}
