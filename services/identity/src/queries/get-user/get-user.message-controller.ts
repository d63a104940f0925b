import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type GetUserRequest, IdentitySubjects, type UserResponse } from '@bleedkits/contracts';
import { GetUserHandler } from './get-user.handler';

@Controller()
export class GetUserMessageController {
  constructor(private readonly handler: GetUserHandler) {}

  @MessagePattern(IdentitySubjects.getUser)
  handle(@Payload() req: GetUserRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
