import type { OutboxRepository, OutboxRow } from '../../database/outbox.repository';
import { MailTransport, type OutgoingEmail, PermanentDeliveryError } from '../../providers/mail-transport/mail-transport.port';
import type { NotificationsEnv } from '../../config/env';
import { DeliverEmailHandler, RECORD_SENT_PATIENCE_MS } from './deliver-email.handler';

class RecordingTransport extends MailTransport {
  sent: OutgoingEmail[] = [];
  failWith: Error | null = null;
  async send(email: OutgoingEmail): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push(email);
  }
  describe(): string {
    return 'recording';
  }
}

describe(DeliverEmailHandler.name, () => {
  const env = { MAIL_FROM: 'UK Bleed Kit Register <no-reply@bleedkits.org.uk>' } as NotificationsEnv;
  const row = {
    id: '7b0e',
    recipient: 'a@example.org',
    reply_to: null,
    subject: 'S',
    text_body: 'T',
    html_body: 'H',
    attempts: 1,
    list_unsubscribe_url: null,
  };
  const setup = (stored: Partial<OutboxRow> | null = row) => {
    const outbox = {
      beginAttempt: jest.fn(async () => stored),
      markSent: jest.fn(async (): Promise<void> => undefined),
      markAttemptFailed: jest.fn(async () => undefined),
    };
    const transport = new RecordingTransport();
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    const handler = new DeliverEmailHandler(outbox as unknown as OutboxRepository, transport, env);
    handler.sleep = sleep;
    return { outbox, transport, slept, handler };
  };
  const restarting = () => Object.assign(new Error('the database system is starting up'), { code: '57P03' });

  it('sent while Postgres restarts: waits to record it as sent instead of failing the job (which would send it again)', async () => {
    const { handler, transport, outbox, slept } = setup();
    outbox.markSent.mockRejectedValueOnce(restarting()).mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    expect(await handler.execute({ outboxId: '7b0e', lane: 'bulk', attempt: 1, maxAttempts: 5 })).toEqual({ sent: true, attempts: 1 });
    expect(transport.sent).toHaveLength(1);
    expect(outbox.markSent).toHaveBeenCalledTimes(3);
    expect(outbox.markAttemptFailed).not.toHaveBeenCalled();
    expect(slept).toEqual([250, 500]);
  });

  it('gives up recording after its patience, and on any other failure at once (the job is retried)', async () => {
    const { handler, outbox, slept } = setup();
    outbox.markSent.mockRejectedValue(restarting());
    await expect(handler.execute({ outboxId: '7b0e', lane: 'bulk', attempt: 1, maxAttempts: 5 })).rejects.toThrow('starting up');
    expect(slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(RECORD_SENT_PATIENCE_MS);
    const other = setup();
    other.outbox.markSent.mockRejectedValue(new TypeError('a bug'));
    await expect(other.handler.execute({ outboxId: '7b0e', lane: 'bulk', attempt: 1, maxAttempts: 5 })).rejects.toThrow('a bug');
    expect(other.slept).toEqual([]);
  });

  it('marks every message machine-sent; bulk mail also carries Precedence: bulk and the List-Id', async () => {
    const { handler, transport, outbox } = setup();
    expect(await handler.execute({ outboxId: '7b0e', lane: 'transactional', attempt: 1, maxAttempts: 5 })).toEqual({ sent: true, attempts: 1 });
    await handler.execute({ outboxId: '7b0e', lane: 'bulk', attempt: 1, maxAttempts: 5 });
    const [transactional, bulk] = transport.sent;
    expect(transactional).toMatchObject({ messageId: '<7b0e@bleedkits.org.uk>', to: 'a@example.org' });
    expect(transactional.headers).toEqual({ 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' });
    expect(bulk.headers).toEqual({
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'OOF, AutoReply',
      Precedence: 'bulk',
      'List-Id': '"UK Bleed Kit Register verification reminders" <verification-reminders.bleedkits.org.uk>',
    });
    expect(outbox.markSent).toHaveBeenCalledTimes(2);
  });

  it('skips a message already sent or given up', async () => {
    const { handler, transport } = setup(null);
    expect(await handler.execute({ outboxId: 'x', lane: 'bulk', attempt: 1, maxAttempts: 5 })).toEqual({ skipped: true });
    expect(transport.sent).toEqual([]);
  });

  it('a failed attempt goes back to queued, the last or a permanent refusal to failed; the error is thrown again', async () => {
    const { handler, transport, outbox } = setup();
    transport.failWith = new Error('connection refused');
    await expect(handler.execute({ outboxId: '7b0e', lane: 'bulk', attempt: 1, maxAttempts: 3 })).rejects.toThrow('connection refused');
    expect(outbox.markAttemptFailed).toHaveBeenLastCalledWith('7b0e', 'connection refused', false);
    await expect(handler.execute({ outboxId: '7b0e', lane: 'bulk', attempt: 3, maxAttempts: 3 })).rejects.toThrow();
    expect(outbox.markAttemptFailed).toHaveBeenLastCalledWith('7b0e', 'connection refused', true);
    transport.failWith = new PermanentDeliveryError('550: no such mailbox');
    await expect(handler.execute({ outboxId: '7b0e', lane: 'transactional', attempt: 1, maxAttempts: 3 })).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    expect(outbox.markAttemptFailed).toHaveBeenLastCalledWith('7b0e', '550: no such mailbox', true);
  });
});
