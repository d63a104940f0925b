import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type DeleteUserRequest, IdentitySubjects, type MessageResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { DeleteUserHandler } from './delete-user.handler';

@Controller()
export class DeleteUserMessageController {
  constructor(private readonly handler: DeleteUserHandler) {}

  @Handles(IdentitySubjects.deleteUser)
  handle(@Payload() req: DeleteUserRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
