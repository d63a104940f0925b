import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type VerificationReminderRunAccepted, type VerificationReminderRunRequest, VerificationSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { RunRemindersHandler } from './run-reminders.handler';

/** POST /api/admin/verification-reminders/run: queues the same run as the schedule's (the same keys) and answers its id. */
@Controller()
export class RunRemindersMessageController {
  constructor(private readonly handler: RunRemindersHandler) {}

  @Handles(VerificationSubjects.runReminders)
  handle(@Payload() req: VerificationReminderRunRequest): Promise<VerificationReminderRunAccepted> {
    return this.handler.execute({ digest: req.digest });
  }
}
