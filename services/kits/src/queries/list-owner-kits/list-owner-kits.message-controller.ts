import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects } from '@bleedkits/contracts';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { ListOwnerKitsHandler, type ListOwnerKitsRequest } from './list-owner-kits.handler';

@Controller()
export class ListOwnerKitsMessageController {
  constructor(private readonly handler: ListOwnerKitsHandler) {}

  @MessagePattern(KitsSubjects.ownerList)
  handle(@Payload() req: ListOwnerKitsRequest): Promise<PreSerialisedJson> {
    return this.handler.execute(req);
  }
}
