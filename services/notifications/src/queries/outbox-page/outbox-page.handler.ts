import { Injectable } from '@nestjs/common';
import { OUTBOX_STATUSES, type OutboxPageRequest, type OutboxPageResponse } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { OutboxRepository } from '../../database/outbox.repository';
import { Handles } from '@bleedkits/platform';

/** One page of the outbox, newest first (the outbox grows with the register: never listed whole). */
@Injectable()
export class OutboxPageHandler {
  constructor(private readonly outbox: OutboxRepository) {}

  @Handles(NotificationsSubjects.outboxPage)
  async execute(req: OutboxPageRequest): Promise<OutboxPageResponse> {
    const page = Number(req?.page ?? 1);
    const problems: string[] = [];
    if (!Number.isInteger(page) || page < 1 || page > 1_000_000) problems.push('page must be a whole number from 1');
    if (req?.status !== undefined && !OUTBOX_STATUSES.includes(req.status)) problems.push(`status must be one of: ${OUTBOX_STATUSES.join(', ')}`);
    if (problems.length) throw NotificationsErrors.invalid(problems);
    return this.outbox.page(page, req?.status);
  }
}
