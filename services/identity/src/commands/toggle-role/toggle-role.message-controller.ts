import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type MessageResponse, type ToggleRoleRequest } from '@bleedkits/contracts';
import { ToggleRoleHandler } from './toggle-role.handler';

@Controller()
export class ToggleRoleMessageController {
  constructor(private readonly handler: ToggleRoleHandler) {}

  @MessagePattern(IdentitySubjects.toggleRole)
  handle(@Payload() req: ToggleRoleRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
