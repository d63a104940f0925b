import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type LoginRequest, type UserResponse } from '@bleedkits/contracts';
import { LogInHandler } from './log-in.handler';

@Controller()
export class LogInMessageController {
  constructor(private readonly handler: LogInHandler) {}

  @MessagePattern(IdentitySubjects.login)
  handle(@Payload() req: LoginRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
