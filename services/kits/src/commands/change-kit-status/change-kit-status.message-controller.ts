import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Kit } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';
import { ChangeKitStatusHandler, type ChangeKitStatusRequest } from './change-kit-status.handler';

@Controller()
export class ChangeKitStatusMessageController {
  constructor(private readonly handler: ChangeKitStatusHandler) {}

  @Handles(KitsSubjects.approve)
  approve(@Payload() req: ChangeKitStatusRequest): Promise<Kit> {
    return this.handler.execute('approve', req);
  }

  @Handles(KitsSubjects.reject)
  reject(@Payload() req: ChangeKitStatusRequest): Promise<Kit> {
    return this.handler.execute('reject', req);
  }

  @Handles(KitsSubjects.reactivate)
  reactivate(@Payload() req: ChangeKitStatusRequest): Promise<Kit> {
    return this.handler.execute('reactivate', req);
  }
}
