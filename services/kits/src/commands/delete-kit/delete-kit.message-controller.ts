import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects, type MessageResponse } from '@bleedkits/contracts';
import { DeleteKitHandler, type DeleteKitRequest } from './delete-kit.handler';

@Controller()
export class DeleteKitMessageController {
  constructor(private readonly handler: DeleteKitHandler) {}

  @MessagePattern(KitsSubjects.delete)
  handle(@Payload() req: DeleteKitRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
