import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type KitStatusChangeResponse, KitsSubjects } from '@bleedkits/contracts';
import { ChangeKitStatusHandler, type ChangeKitStatusToRequest } from './change-kit-status.handler';

/** GET /api/kit-status?id=&status=: the target status picks approve, reject or reactivate. */
@Controller()
export class ChangeKitStatusToMessageController {
  constructor(private readonly handler: ChangeKitStatusHandler) {}

  @MessagePattern(KitsSubjects.changeStatus)
  handle(@Payload() req: ChangeKitStatusToRequest): Promise<KitStatusChangeResponse> {
    return this.handler.changeTo(req);
  }
}
