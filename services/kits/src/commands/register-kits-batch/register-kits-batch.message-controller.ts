import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects, type RegisterBatchRequest, type RegisterBatchResponse } from '@bleedkits/contracts';
import { RegisterKitsBatchHandler } from './register-kits-batch.handler';

@Controller()
export class RegisterKitsBatchMessageController {
  constructor(private readonly handler: RegisterKitsBatchHandler) {}

  @MessagePattern(KitsSubjects.registerBatch)
  handle(@Payload() req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
    return this.handler.execute(req);
  }
}
