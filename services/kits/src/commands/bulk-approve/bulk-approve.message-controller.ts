import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type BulkApproveResponse, KitsSubjects } from '@bleedkits/contracts';
import { BulkApproveHandler, type BulkApproveRequest } from './bulk-approve.handler';

@Controller()
export class BulkApproveMessageController {
  constructor(private readonly handler: BulkApproveHandler) {}

  @MessagePattern(KitsSubjects.bulkApprove)
  handle(@Payload() req: BulkApproveRequest): Promise<BulkApproveResponse> {
    return this.handler.execute(req);
  }
}
