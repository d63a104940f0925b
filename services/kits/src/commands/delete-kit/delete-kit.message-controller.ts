import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects, type MessageResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { DeleteKitHandler, type DeleteKitRequest } from './delete-kit.handler';

@Controller()
export class DeleteKitMessageController {
  constructor(private readonly handler: DeleteKitHandler) {}

  @Handles(KitsSubjects.delete)
  handle(@Payload() req: DeleteKitRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
