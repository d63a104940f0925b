import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type VerificationReminderRunRequest, type VerificationReminderRunResponse, VerificationSubjects } from '@bleedkits/contracts';
import { AdminDigestHandler } from '../admin-digest/admin-digest.handler';
import { ReminderRunHandler } from './reminder-run.handler';

/**
 * POST /api/admin/verification-reminders/run: the same run as the schedule's, now (an ops tool; the same keys, so
 * nothing is sent twice). `digest: true` also sends this week's admin digest if it has not gone yet.
 */
@Controller()
export class RunRemindersMessageController {
  constructor(
    private readonly run: ReminderRunHandler,
    private readonly digest: AdminDigestHandler,
  ) {}

  @MessagePattern(VerificationSubjects.runReminders)
  async handle(@Payload() req: VerificationReminderRunRequest): Promise<VerificationReminderRunResponse> {
    const id = randomUUID();
    const result = await this.run.execute(`admin:${id}`);
    if (req.digest === true) return { ...result, digest: await this.digest.execute(`admin-digest:${id}`) };
    return result;
  }
}
