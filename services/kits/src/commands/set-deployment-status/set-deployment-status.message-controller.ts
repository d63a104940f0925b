import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SetDeploymentStatusHandler, type SetDeploymentStatusRequest } from './set-deployment-status.handler';

@Controller()
export class SetDeploymentStatusMessageController {
  constructor(private readonly handler: SetDeploymentStatusHandler) {}

  @Handles(KitsSubjects.setDeploymentStatus)
  handle(@Payload() req: SetDeploymentStatusRequest): Promise<Kit> {
    return this.handler.execute(req);
  }
}
