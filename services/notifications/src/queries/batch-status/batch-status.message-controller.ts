import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type EmailBatchStatusRequest, type EmailBatchStatusResponse, NotificationsSubjects } from '@bleedkits/contracts';
import { BatchStatusHandler } from './batch-status.handler';

@Controller()
export class BatchStatusMessageController {
  constructor(private readonly handler: BatchStatusHandler) {}

  @MessagePattern(NotificationsSubjects.batchStatus)
  handle(@Payload() req: EmailBatchStatusRequest): Promise<EmailBatchStatusResponse> {
    return this.handler.execute({ batches: req.batches });
  }
}
