import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects } from '@bleedkits/contracts';
import { SetDeploymentStatusHandler, type SetDeploymentStatusRequest } from './set-deployment-status.handler';

@Controller()
export class SetDeploymentStatusMessageController {
  constructor(private readonly handler: SetDeploymentStatusHandler) {}

  @MessagePattern(KitsSubjects.setDeploymentStatus)
  handle(@Payload() req: SetDeploymentStatusRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
