import {
  type EmailTemplate,
  type EmailTemplateId,
  type MailStatusFacts,
  OUTBOX_PAGE_SIZE,
  type OutboxPageResponse,
  type OutboxStatus,
} from '@bleedkits/contracts';
import { recordingOutbox } from '@bleedkits/platform/testing';
import type { EnqueueEmail, SendEmailHandler } from '../src/commands/send-email/send-email.handler';
import type { MailStatusRepository } from '../src/database/mail-status.repository';
import type { OutboxRepository } from '../src/database/outbox.repository';
import type { TemplateRepository } from '../src/database/template.repository';
import type { TemplateTexts } from '../src/domain/email-template';

/** A stored template as the migrations seed one: a subject, an HTML and a text part naming its declared variables. */
export function template(id: string, variables: string[], parts: Partial<TemplateTexts> = {}): EmailTemplate {
  return {
    id: id as EmailTemplateId,
    name: `The ${id} e-mail`,
    description: '',
    category: 'account',
    subject: parts.subject ?? `About {{${variables[0] ?? 'year'}}}`,
    htmlTemplate: parts.htmlTemplate ?? `<p>${variables.map((v) => `{{${v}}}`).join(' ')}</p>`,
    textTemplate: parts.textTemplate ?? variables.map((v) => `{{${v}}}`).join(' '),
    variables: variables.map((name) => ({ name, description: name })),
    updatedAt: '2027-01-01T00:00:00.000Z',
  };
}

/** The template table, kept in a map (listed in the order given); `update` records who saved which texts. */
export function templateStore(templates: EmailTemplate[]) {
  const store = new Map(templates.map((t) => [t.id as string, t]));
  const updates: { id: string; texts: TemplateTexts; actorId: string | null }[] = [];
  const repository = {
    async list() {
      return [...store.values()];
    },
    async find(id: string) {
      return store.get(id) ?? null;
    },
    async update(id: string, texts: TemplateTexts, actorId: string | null, alsoRecord?: (m: unknown) => Promise<void>) {
      const current = store.get(id);
      if (!current) return null;
      const next = { ...current, ...texts, updatedAt: '2027-03-10T12:00:00.000Z' };
      store.set(id, next);
      updates.push({ id, texts, actorId });
      await alsoRecord?.({});
      return next;
    },
  };
  return { store, updates, templates: repository as unknown as TemplateRepository };
}

/** The context's own SendEmailHandler as its callers see it: an outbox keyed by idempotency key. */
export function sender() {
  const { sent, outbox } = recordingOutbox<EnqueueEmail>();
  return { sent, send: { execute: (req: EnqueueEmail) => outbox.send(req) } as unknown as SendEmailHandler };
}

/** The outbox's admin page, answered empty; `pages` records each page and status asked for. */
export function outboxPages() {
  const pages: { page: number; status?: OutboxStatus }[] = [];
  const outbox = {
    async page(page: number, status?: OutboxStatus): Promise<OutboxPageResponse> {
      pages.push(status === undefined ? { page } : { page, status });
      return { data: [], pagination: { total: 0, page, pageSize: OUTBOX_PAGE_SIZE, pageCount: 1 } };
    },
  };
  return { pages, outbox: outbox as unknown as OutboxRepository };
}

/** The e-mail facts the status page reads, as given. */
export function mailStatus(facts: MailStatusFacts) {
  return { facts: async () => facts } as unknown as MailStatusRepository;
}
