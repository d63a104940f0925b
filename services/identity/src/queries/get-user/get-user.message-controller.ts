import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type GetUserRequest, IdentitySubjects, type UserResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { GetUserHandler } from './get-user.handler';

@Controller()
export class GetUserMessageController {
  constructor(private readonly handler: GetUserHandler) {}

  @Handles(IdentitySubjects.getUser)
  handle(@Payload() req: GetUserRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
