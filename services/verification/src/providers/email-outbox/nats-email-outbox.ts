import { Inject, Injectable } from '@nestjs/common';
import {
  type EmailBatchCounts,
  type EmailTemplateId,
  type EmailVariables,
  type PreviewEmailResponse,
  type SendEmailRequest,
  type SendEmailResponse,
} from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from '../../config/env';
import { EmailOutbox } from './email-outbox.port';

/** The outbox over NATS (send, preview, batch status), each request with a timeout. */
@Injectable()
export class NatsEmailOutbox extends EmailOutbox {
  constructor(
    private readonly bus: NatsBus,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {
    super();
  }

  send(request: SendEmailRequest): Promise<SendEmailResponse> {
    return this.bus.request(NotificationsSubjects.send, request, this.env.NOTIFICATIONS_TIMEOUT_MS);
  }

  preview(templateId: EmailTemplateId, variables: EmailVariables): Promise<PreviewEmailResponse> {
    return this.bus.request(NotificationsSubjects.preview, { templateId, variables }, this.env.NOTIFICATIONS_TIMEOUT_MS);
  }

  async batchCounts(batches: string[]): Promise<Record<string, EmailBatchCounts>> {
    if (!batches.length) return {};
    const res = await this.bus.request(NotificationsSubjects.batchStatus, { batches }, this.env.NOTIFICATIONS_TIMEOUT_MS);
    return res.batches;
  }
}
