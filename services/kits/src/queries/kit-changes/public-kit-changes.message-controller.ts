import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type KitChangesRequest, KitsSubjects } from '@bleedkits/contracts';
import { Handles, type PreSerialisedJson } from '@bleedkits/platform';
import { PublicKitChangesHandler } from './public-kit-changes.handler';

@Controller()
export class PublicKitChangesMessageController {
  constructor(private readonly handler: PublicKitChangesHandler) {}

  @Handles(KitsSubjects.publicChanges)
  handle(@Payload() req: KitChangesRequest): Promise<PreSerialisedJson> {
    return this.handler.execute(req);
  }
}
