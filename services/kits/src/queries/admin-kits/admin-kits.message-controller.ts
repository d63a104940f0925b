import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects } from '@bleedkits/contracts';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { AdminKitsHandler, type AdminKitsRequest } from './admin-kits.handler';

@Controller()
export class AdminKitsMessageController {
  constructor(private readonly handler: AdminKitsHandler) {}

  @MessagePattern(KitsSubjects.adminList)
  handle(@Payload() req: AdminKitsRequest): Promise<PreSerialisedJson> {
    return this.handler.execute(req);
  }
}
