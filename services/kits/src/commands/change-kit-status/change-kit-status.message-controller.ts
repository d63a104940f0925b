import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Kit, KitsSubjects } from '@bleedkits/contracts';
import { ChangeKitStatusHandler, type ChangeKitStatusRequest } from './change-kit-status.handler';

@Controller()
export class ChangeKitStatusMessageController {
  constructor(private readonly handler: ChangeKitStatusHandler) {}

  @MessagePattern(KitsSubjects.approve)
  approve(@Payload() req: ChangeKitStatusRequest): Promise<Kit> {
    return this.handler.execute('approve', req);
  }

  @MessagePattern(KitsSubjects.reject)
  reject(@Payload() req: ChangeKitStatusRequest): Promise<Kit> {
    return this.handler.execute('reject', req);
  }

  @MessagePattern(KitsSubjects.reactivate)
  reactivate(@Payload() req: ChangeKitStatusRequest): Promise<Kit> {
    return this.handler.execute('reactivate', req);
  }
}
