import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { GetKitHandler, type GetKitRequest } from './get-kit.handler';

@Controller()
export class GetKitMessageController {
  constructor(private readonly handler: GetKitHandler) {}

  @Handles(KitsSubjects.getKit)
  handle(@Payload() req: GetKitRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
