import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { EditKitHandler, type EditKitRequest } from './edit-kit.handler';

@Controller()
export class EditKitMessageController {
  constructor(private readonly handler: EditKitHandler) {}

  @Handles(KitsSubjects.edit)
  handle(@Payload() req: EditKitRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
