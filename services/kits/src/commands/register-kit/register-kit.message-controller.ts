import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { RegisterKitHandler, type RegisterKitRequest } from './register-kit.handler';

@Controller()
export class RegisterKitMessageController {
  constructor(private readonly handler: RegisterKitHandler) {}

  @Handles(KitsSubjects.register)
  handle(@Payload() req: RegisterKitRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
