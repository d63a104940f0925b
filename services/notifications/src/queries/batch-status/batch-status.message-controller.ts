import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type EmailBatchStatusRequest, type EmailBatchStatusResponse, NotificationsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { BatchStatusHandler } from './batch-status.handler';

@Controller()
export class BatchStatusMessageController {
  constructor(private readonly handler: BatchStatusHandler) {}

  @Handles(NotificationsSubjects.batchStatus)
  handle(@Payload() req: EmailBatchStatusRequest): Promise<EmailBatchStatusResponse> {
    return this.handler.execute({ batches: req.batches });
  }
}
