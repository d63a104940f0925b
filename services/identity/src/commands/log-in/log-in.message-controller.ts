import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type LoginRequest, type UserResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { LogInHandler } from './log-in.handler';

@Controller()
export class LogInMessageController {
  constructor(private readonly handler: LogInHandler) {}

  @Handles(IdentitySubjects.login)
  handle(@Payload() req: LoginRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
