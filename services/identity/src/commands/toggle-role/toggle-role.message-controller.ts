import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type ToggleRoleRequest, type ToggleRoleResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ToggleRoleHandler } from './toggle-role.handler';

@Controller()
export class ToggleRoleMessageController {
  constructor(private readonly handler: ToggleRoleHandler) {}

  @Handles(IdentitySubjects.toggleRole)
  handle(@Payload() req: ToggleRoleRequest): Promise<ToggleRoleResponse> {
    return this.handler.execute(req);
  }
}
