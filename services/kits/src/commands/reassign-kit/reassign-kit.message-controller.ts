import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AdminKit, KitsSubjects } from '@bleedkits/contracts';
import { ReassignKitHandler, type ReassignKitRequest } from './reassign-kit.handler';

@Controller()
export class ReassignKitMessageController {
  constructor(private readonly handler: ReassignKitHandler) {}

  @MessagePattern(KitsSubjects.reassign)
  handle(@Payload() req: ReassignKitRequest): Promise<AdminKit> {
    return this.handler.execute(req);
  }
}
