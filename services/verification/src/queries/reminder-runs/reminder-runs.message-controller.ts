import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type VerificationReminderRunPage, type VerificationReminderRunsRequest, VerificationSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ReminderRunsHandler } from './reminder-runs.handler';

@Controller()
export class ReminderRunsMessageController {
  constructor(private readonly handler: ReminderRunsHandler) {}

  @Handles(VerificationSubjects.reminderRuns)
  handle(@Payload() req: VerificationReminderRunsRequest): Promise<VerificationReminderRunPage> {
    return this.handler.execute({ page: req.page });
  }
}
