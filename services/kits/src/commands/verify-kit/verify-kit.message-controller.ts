import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects, type VerifyKitRequest } from '@bleedkits/contracts';
import { VerifyKitHandler } from './verify-kit.handler';

@Controller()
export class VerifyKitMessageController {
  constructor(private readonly handler: VerifyKitHandler) {}

  @MessagePattern(KitsSubjects.verify)
  handle(@Payload() req: VerifyKitRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
