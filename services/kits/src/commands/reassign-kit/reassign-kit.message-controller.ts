import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AdminKit, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ReassignKitHandler, type ReassignKitRequest } from './reassign-kit.handler';

@Controller()
export class ReassignKitMessageController {
  constructor(private readonly handler: ReassignKitHandler) {}

  @Handles(KitsSubjects.reassign)
  handle(@Payload() req: ReassignKitRequest): Promise<AdminKit> {
    return this.handler.execute(req);
  }
}
