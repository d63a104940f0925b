import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects, type VerifyKitRequest } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { VerifyKitHandler } from './verify-kit.handler';

@Controller()
export class VerifyKitMessageController {
  constructor(private readonly handler: VerifyKitHandler) {}

  @Handles(KitsSubjects.verify)
  handle(@Payload() req: VerifyKitRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
