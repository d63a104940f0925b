import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type KitStatusChangeResponse, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ChangeKitStatusHandler, type ChangeKitStatusToRequest } from './change-kit-status.handler';

/** GET /api/kit-status?id=&status=: the target status picks approve, reject or reactivate. */
@Controller()
export class ChangeKitStatusToMessageController {
  constructor(private readonly handler: ChangeKitStatusHandler) {}

  @Handles(KitsSubjects.changeStatus)
  handle(@Payload() req: ChangeKitStatusToRequest): Promise<KitStatusChangeResponse> {
    return this.handler.changeTo(req);
  }
}
