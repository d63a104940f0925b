import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type DeleteUserRequest, IdentitySubjects, type MessageResponse } from '@bleedkits/contracts';
import { DeleteUserHandler } from './delete-user.handler';

@Controller()
export class DeleteUserMessageController {
  constructor(private readonly handler: DeleteUserHandler) {}

  @MessagePattern(IdentitySubjects.deleteUser)
  handle(@Payload() req: DeleteUserRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
