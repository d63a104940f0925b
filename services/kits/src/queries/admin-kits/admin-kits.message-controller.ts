import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects } from '@bleedkits/contracts';
import { Handles, type PreSerialisedJson } from '@bleedkits/platform';
import { AdminKitsHandler, type AdminKitsRequest } from './admin-kits.handler';

@Controller()
export class AdminKitsMessageController {
  constructor(private readonly handler: AdminKitsHandler) {}

  @Handles(KitsSubjects.adminList)
  handle(@Payload() req: AdminKitsRequest): Promise<PreSerialisedJson> {
    return this.handler.execute(req);
  }
}
