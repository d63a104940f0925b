import { Injectable } from '@nestjs/common';
import { EMAIL_BATCH_STATUS_LIMIT, type EmailBatchStatusRequest, type EmailBatchStatusResponse } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { OutboxBatchRepository } from '../../database/outbox-batch.repository';
import { Handles } from '@bleedkits/platform';

/** How the e-mails of each batch stand: how many are in the outbox, how many left, how many were given up. */
@Injectable()
export class BatchStatusHandler {
  constructor(private readonly batches: OutboxBatchRepository) {}

  @Handles(NotificationsSubjects.batchStatus)
  async execute(req: EmailBatchStatusRequest): Promise<EmailBatchStatusResponse> {
    const names = [...new Set(req.batches)];
    if (names.length > EMAIL_BATCH_STATUS_LIMIT) throw NotificationsErrors.invalid([`at most ${EMAIL_BATCH_STATUS_LIMIT} batches per request`]);
    return { batches: names.length ? await this.batches.counts(names) : {} };
  }
}
