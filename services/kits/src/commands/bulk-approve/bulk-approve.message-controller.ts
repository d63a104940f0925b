import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BulkApproveResponse, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { BulkApproveHandler, type BulkApproveRequest } from './bulk-approve.handler';

@Controller()
export class BulkApproveMessageController {
  constructor(private readonly handler: BulkApproveHandler) {}

  @Handles(KitsSubjects.bulkApprove)
  handle(@Payload() req: BulkApproveRequest): Promise<BulkApproveResponse> {
    return this.handler.execute(req);
  }
}
