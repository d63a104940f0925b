import type { SendEmailRequest } from '@bleedkits/contracts';
import { ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { template, templateStore } from '../../../test/handler-doubles';
import { readNotificationsEnv } from '../../config/env';
import type { OutboxBatchRepository } from '../../database/outbox-batch.repository';
import type { NewOutboxMessage, OutboxRepository, OutboxRow } from '../../database/outbox.repository';
import type { DeliveryQueues } from '../../jobs/delivery-queues';
import { type EnqueueEmail, SendEmailHandler } from './send-email.handler';

describe(SendEmailHandler.name, () => {
  const env = readNotificationsEnv({ PUBLIC_BASE_URL: 'https://register.example' });
  const setup = (options: { queueDown?: boolean } = {}) => {
    const rows: (OutboxRow & { limit: NewOutboxMessage['limit'] })[] = [];
    const tags: [string, string][] = [];
    const enqueued: [string, string][] = [];
    const outbox = {
      async findByKey(key: string) {
        return rows.find((r) => r.idempotency_key === key) ?? null;
      },
      async insertOnce(m: NewOutboxMessage) {
        const existing = rows.find((r) => r.idempotency_key === m.idempotencyKey);
        if (existing) return { row: existing, created: false };
        const row = {
          id: `outbox-${rows.length + 1}`,
          idempotency_key: m.idempotencyKey,
          template_id: m.templateId,
          recipient: m.to,
          reply_to: m.replyTo ?? null,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html,
          status: 'queued' as const,
          custodian_kit_ids: m.custodianKitIds ? [...m.custodianKitIds] : null,
          list_unsubscribe_url: m.listUnsubscribeUrl ?? null,
          limit: m.limit,
        } as OutboxRow & { limit: NewOutboxMessage['limit'] };
        rows.push(row);
        return { row, created: true };
      },
    };
    const batches = { tag: async (id: string, batch: string) => void tags.push([id, batch]) };
    const queues = {
      async enqueue(id: string, templateId: string) {
        if (options.queueDown) throw new Error('Redis is down');
        enqueued.push([id, templateId]);
      },
    };
    const { templates } = templateStore([
      template('password_reset', ['resetUrl', 'year'], { subject: 'Reset your password', textTemplate: 'Reset: {{resetUrl}}' }),
      template('verification_reminder', ['custodianName', 'year'], { subject: 'Check your kit', textTemplate: 'Dear {{custodianName}}' }),
    ]);
    const handler = new SendEmailHandler(
      outbox as unknown as OutboxRepository,
      templates,
      batches as unknown as OutboxBatchRepository,
      queues as unknown as DeliveryQueues,
      env,
    );
    // Requests come off the wire: the spec sends them as callers would, unchecked by the compiler.
    return {
      rows,
      tags,
      enqueued,
      handler: { execute: (req: object) => handler.execute(req as EnqueueEmail), send: (req: object) => handler.send(req as SendEmailRequest) },
    };
  };

  it('stores the rendered message, then enqueues its delivery under the outbox id', async () => {
    const { rows, enqueued, handler } = setup();
    const res = await handler.execute({
      idempotencyKey: 'reset:1',
      templateId: 'password_reset',
      to: 'a@example.org',
      variables: { resetUrl: 'https://r/1' },
    });
    expect(res).toEqual({ messageId: 'outbox-1', status: 'queued', created: true });
    expect(rows[0]).toMatchObject({ recipient: 'a@example.org', subject: 'Reset your password', text_body: 'Reset: https://r/1', limit: null });
    expect(enqueued).toEqual([['outbox-1', 'password_reset']]);
  });

  it("takes no Reply-To from the wire: only the context's own contact messages set one", async () => {
    const { rows, handler } = setup();
    const req = { idempotencyKey: 'reset:2', templateId: 'password_reset', to: 'a@example.org', variables: { resetUrl: 'https://r/2' } };
    await handler.send({ ...req, replyTo: 'attacker@example.net' });
    expect(rows[0]).toMatchObject({ recipient: 'a@example.org', reply_to: null });
  });

  it('answers a repeated idempotency key with the stored message, storing and enqueuing nothing more, and tags its batch', async () => {
    const { rows, enqueued, tags, handler } = setup();
    const req = { idempotencyKey: 'reset:1', templateId: 'password_reset', to: 'a@example.org', variables: { resetUrl: 'https://r/1' } };
    await handler.execute(req);
    expect(await handler.execute({ ...req, batch: 'run-7' })).toEqual({ messageId: 'outbox-1', status: 'queued', created: false });
    expect(rows).toHaveLength(1);
    expect(enqueued).toHaveLength(1);
    expect(tags).toEqual([['outbox-1', 'run-7']]);
  });

  it('a custodian e-mail gets the stop link and the custodian daily limit', async () => {
    const { rows, handler } = setup();
    await handler.execute({
      idempotencyKey: 'reminder:5',
      templateId: 'verification_reminder',
      to: 'custodian@example.org',
      custodianKitIds: [5],
      variables: { custodianName: 'Sam' },
    });
    expect(rows[0].custodian_kit_ids).toEqual([5]);
    expect(rows[0].list_unsubscribe_url).toMatch(/^https:\/\/register\.example\//);
    expect(rows[0].text_body).toContain('https://register.example/');
    expect(rows[0].limit).toEqual({ kind: 'custodian', maxPerDay: env.CUSTODIAN_MAIL_MAX_PER_DAY });
  });

  it('keeps the message when the queue is down: the sweep enqueues it later', async () => {
    const { rows, handler } = setup({ queueDown: true });
    const res = await handler.execute({ idempotencyKey: 'reset:2', templateId: 'password_reset', to: 'a@example.org', variables: { resetUrl: 'x' } });
    expect(res.created).toBe(true);
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad request, an unknown template and undeclared variables, storing nothing', async () => {
    const { rows, handler } = setup();
    const bad = await codedRefusal(handler.execute({ idempotencyKey: '', templateId: 'password_reset', to: 'not an address' }));
    expect(bad.errors).toEqual(['idempotencyKey must be text of 1 to 200 characters', 'to must be one valid email address']);
    expect((await codedRefusal(handler.execute({ idempotencyKey: 'k', templateId: 'nope', to: 'a@example.org' }))).code).toBe(ErrorCode.NotFound);
    const unknown = await codedRefusal(
      handler.execute({ idempotencyKey: 'k', templateId: 'password_reset', to: 'a@example.org', variables: { colour: 'red' } }),
    );
    expect(unknown.errors).toEqual(['Unknown variables for password_reset: colour. Its variables are: resetUrl, year']);
    expect(rows).toEqual([]);
  });
});
