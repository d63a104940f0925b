import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BulkUpdateVerificationDatesRequest, type BulkUpdateVerificationDatesResponse, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { BulkUpdateVerificationDatesHandler } from './bulk-update-verification-dates.handler';

@Controller()
export class BulkUpdateVerificationDatesMessageController {
  constructor(private readonly handler: BulkUpdateVerificationDatesHandler) {}

  @Handles(KitsSubjects.bulkUpdateVerificationDates)
  handle(@Payload() req: BulkUpdateVerificationDatesRequest): Promise<BulkUpdateVerificationDatesResponse> {
    return this.handler.execute(req);
  }
}
