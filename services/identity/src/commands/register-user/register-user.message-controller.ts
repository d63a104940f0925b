import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type RegisterRequest, type UserResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { RegisterUserHandler } from './register-user.handler';

@Controller()
export class RegisterUserMessageController {
  constructor(private readonly handler: RegisterUserHandler) {}

  @Handles(IdentitySubjects.register)
  handle(@Payload() req: RegisterRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
