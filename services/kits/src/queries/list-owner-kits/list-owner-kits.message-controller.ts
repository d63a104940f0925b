import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects } from '@bleedkits/contracts';
import { Handles, type PreSerialisedJson } from '@bleedkits/platform';
import { ListOwnerKitsHandler, type ListOwnerKitsRequest } from './list-owner-kits.handler';

@Controller()
export class ListOwnerKitsMessageController {
  constructor(private readonly handler: ListOwnerKitsHandler) {}

  @Handles(KitsSubjects.ownerList)
  handle(@Payload() req: ListOwnerKitsRequest): Promise<PreSerialisedJson> {
    return this.handler.execute(req);
  }
}
