import { z } from 'zod';
import type { MessageResponse } from '../identity/user';
import type { SubmitContactMessageCommand } from '../notifications/contact';
import type {
  EmailBatchStatusRequest,
  EmailBatchStatusResponse,
  PreviewEmailRequest,
  PreviewEmailResponse,
  SendEmailRequest,
  SendEmailResponse,
} from '../notifications/email';
import type { OutboxPageRequest, OutboxPageResponse } from '../notifications/outbox';
import type {
  EmailTemplateListResponse,
  SendTestEmailRequest,
  SendTestEmailResponse,
  UpdateEmailTemplateCommand,
  UpdateEmailTemplateResponse,
} from '../notifications/templates';
import type { StopCustodianMailRequest, StopCustodianMailResponse } from '../notifications/custodian-mail';
import type { MailStatusFacts } from '../admin/system-status';
import type { AuditPage, AuditPageRequest } from '../admin/audit';
import { type Asked, actor, auditPageRequest, call, shape } from './call';
import { healthSubject } from '../subjects';

export const NotificationsSubjects = {
  health: healthSubject('notifications'),
  /** SendEmailRequest → SendEmailResponse: render a template into the outbox (idempotent by key). */
  send: 'notifications.cmd.send.v1',
  /** SubmitContactMessageCommand → MessageResponse: the admin notification(s) and the sender's confirmation. */
  contact: 'notifications.cmd.contact.v1',
  listTemplates: 'notifications.qry.templates.v1',
  /** UpdateEmailTemplateCommand → UpdateEmailTemplateResponse (400 for a template that does not compile). */
  updateTemplate: 'notifications.cmd.update-template.v1',
  /** One page of the notifications' audit entries (e-mail templates edited), newest first. */
  auditPage: 'notifications.qry.audit-page.v1',
  /** SendTestEmailRequest → SendTestEmailResponse. */
  sendTest: 'notifications.cmd.send-test.v1',
  /** OutboxPageRequest → OutboxPageResponse: one page, newest first. */
  outboxPage: 'notifications.qry.outbox-page.v1',
  /** PreviewEmailRequest → PreviewEmailResponse: render without sending (editor preview, verification's test e-mail). */
  preview: 'notifications.qry.preview.v1',
  /** {} → MailStatusFacts (the admin status page). */
  statusFacts: 'notifications.qry.status-facts.v1',
  /** StopCustodianMailRequest → StopCustodianMailResponse: a custodian e-mail's stop link followed (400 for a bad token). */
  stopCustodianMail: 'notifications.cmd.stop-custodian-mail.v1',
  /** EmailBatchStatusRequest → EmailBatchStatusResponse: queued / sent / failed per batch (a reminder run's e-mails). */
  batchStatus: 'notifications.qry.batch-status.v1',
} as const;

/** A template's three texts as an edit or a preview gives them: the handler says what does not compile. */
const texts = { subject: z.unknown(), htmlTemplate: z.unknown(), textTemplate: z.unknown() };

/**
 * Every request/reply subject of the notifications context. Addresses, template ids, variables and a template's
 * texts are left to the handlers, which name every problem at once (an unknown variable, a template that does not
 * compile, a recipient list where one address belongs).
 */
export const NotificationsWire = {
  [NotificationsSubjects.send]: call<SendEmailRequest, SendEmailResponse>(
    shape({
      idempotencyKey: z.unknown(),
      templateId: z.unknown(),
      to: z.unknown(),
      variables: z.unknown().optional(),
      custodianKitIds: z.unknown().optional(),
      batch: z.string().max(200).optional(),
    }),
  ),
  [NotificationsSubjects.batchStatus]: call<EmailBatchStatusRequest, EmailBatchStatusResponse>(
    shape({ batches: z.array(z.string().max(200)).max(100) }),
  ),
  [NotificationsSubjects.contact]: call<SubmitContactMessageCommand, MessageResponse>(
    shape({ requestId: z.unknown(), name: z.unknown(), email: z.unknown(), subject: z.unknown(), message: z.unknown() }),
  ),
  [NotificationsSubjects.listTemplates]: call<Record<string, never>, EmailTemplateListResponse>(shape({})),
  [NotificationsSubjects.auditPage]: call<Asked<AuditPageRequest>, AuditPage>(auditPageRequest),
  [NotificationsSubjects.updateTemplate]: call<UpdateEmailTemplateCommand, UpdateEmailTemplateResponse>(shape({ actor, id: z.string(), ...texts })),
  [NotificationsSubjects.sendTest]: call<SendTestEmailRequest, SendTestEmailResponse>(
    shape({ email: z.unknown(), templateId: z.unknown(), variables: z.unknown().optional() }),
  ),
  [NotificationsSubjects.statusFacts]: call<Record<string, never>, MailStatusFacts>(shape({})),
  [NotificationsSubjects.outboxPage]: call<OutboxPageRequest, OutboxPageResponse>(shape({ page: z.unknown(), status: z.unknown().optional() })),
  [NotificationsSubjects.preview]: call<PreviewEmailRequest, PreviewEmailResponse>(
    shape({
      templateId: z.unknown(),
      variables: z.unknown().optional(),
      subject: z.unknown().optional(),
      htmlTemplate: z.unknown().optional(),
      textTemplate: z.unknown().optional(),
    }),
  ),
  [NotificationsSubjects.stopCustodianMail]: call<StopCustodianMailRequest, StopCustodianMailResponse>(shape({ token: z.unknown() })),
} as const;
