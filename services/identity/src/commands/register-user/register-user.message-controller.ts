import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type RegisterRequest, type UserResponse } from '@bleedkits/contracts';
import { RegisterUserHandler } from './register-user.handler';

@Controller()
export class RegisterUserMessageController {
  constructor(private readonly handler: RegisterUserHandler) {}

  @MessagePattern(IdentitySubjects.register)
  handle(@Payload() req: RegisterRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
