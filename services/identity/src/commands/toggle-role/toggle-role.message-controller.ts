import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type ToggleRoleRequest, type ToggleRoleResponse } from '@bleedkits/contracts';
import { ToggleRoleHandler } from './toggle-role.handler';

@Controller()
export class ToggleRoleMessageController {
  constructor(private readonly handler: ToggleRoleHandler) {}

  @MessagePattern(IdentitySubjects.toggleRole)
  handle(@Payload() req: ToggleRoleRequest): Promise<ToggleRoleResponse> {
    return this.handler.execute(req);
  }
}
