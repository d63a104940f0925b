import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type KitChangesRequest, KitsSubjects } from '@bleedkits/contracts';
import { Handles, type PreSerialisedJson } from '@bleedkits/platform';
import { KitChangesHandler } from './kit-changes.handler';

@Controller()
export class KitChangesMessageController {
  constructor(private readonly handler: KitChangesHandler) {}

  @Handles(KitsSubjects.changes)
  handle(@Payload() req: KitChangesRequest): Promise<PreSerialisedJson> {
    return this.handler.execute(req);
  }
}
