import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects, type RegisterBatchRequest, type RegisterBatchResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { RegisterKitsBatchHandler } from './register-kits-batch.handler';

@Controller()
export class RegisterKitsBatchMessageController {
  constructor(private readonly handler: RegisterKitsBatchHandler) {}

  @Handles(KitsSubjects.registerBatch)
  handle(@Payload() req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
    return this.handler.execute(req);
  }
}
