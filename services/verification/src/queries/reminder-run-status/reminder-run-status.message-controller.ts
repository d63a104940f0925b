import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type VerificationReminderRun, type VerificationReminderRunRequestById, VerificationSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ReminderRunStatusHandler } from './reminder-run-status.handler';

@Controller()
export class ReminderRunStatusMessageController {
  constructor(private readonly handler: ReminderRunStatusHandler) {}

  @Handles(VerificationSubjects.reminderRun)
  handle(@Payload() req: VerificationReminderRunRequestById): Promise<VerificationReminderRun> {
    return this.handler.execute({ runId: req.runId });
  }
}
