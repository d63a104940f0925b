import type {
  EmailBatchCounts,
  EmailTemplateId,
  EmailVariables,
  PreviewEmailResponse,
  SendEmailRequest,
  SendEmailResponse,
} from '@bleedkits/contracts';

/** The notifications outbox, as verification uses it: every e-mail goes through it with an idempotency key. */
export abstract class EmailOutbox {
  abstract send(request: SendEmailRequest): Promise<SendEmailResponse>;
  abstract preview(templateId: EmailTemplateId, variables: EmailVariables): Promise<PreviewEmailResponse>;
  /** How the e-mails of each batch (a reminder run's) stand in the outbox. */
  abstract batchCounts(batches: string[]): Promise<Record<string, EmailBatchCounts>>;
}
