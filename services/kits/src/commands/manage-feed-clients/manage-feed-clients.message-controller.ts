import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AmbulanceFeedSubjects,
  type CreateFeedClientRequest,
  type CreateFeedClientResponse,
  type FeedClientListResponse,
  type FeedClientView,
  type Actor,
} from '@bleedkits/contracts';
import { ManageFeedClientsHandler } from './manage-feed-clients.handler';

@Controller()
export class ManageFeedClientsMessageController {
  constructor(private readonly handler: ManageFeedClientsHandler) {}

  @MessagePattern(AmbulanceFeedSubjects.createClient)
  create(@Payload() req: CreateFeedClientRequest & { actor: Actor }): Promise<CreateFeedClientResponse> {
    return this.handler.create(req?.actor, req);
  }

  @MessagePattern(AmbulanceFeedSubjects.listClients)
  list(@Payload() req: { actor: Actor }): Promise<FeedClientListResponse> {
    return this.handler.list(req?.actor);
  }

  @MessagePattern(AmbulanceFeedSubjects.revokeClient)
  revoke(@Payload() req: { actor: Actor; clientId: string }): Promise<{ message: string; client: FeedClientView }> {
    return this.handler.revoke(req?.actor, req?.clientId);
  }
}
