import { epochSeconds, postgresGauge, sharedRead } from '@bleedkits/platform';

/**
 * E-mail delivery for Prometheus, read from the outbox at each scrape (the outbox is the truth; a restart or another
 * replica reports the same): messages waiting now, messages sent and failed in the last hour, and when the oldest
 * waiting message was queued. Each count is bounded by the (status, created_at) index.
 */
type OutboxHealth = { queued: number; sending: number; sentLastHour: number; failedLastHour: number; oldestQueuedAt: Date | null };

const read = sharedRead(async (db): Promise<OutboxHealth> => {
  const [row] = (await db.query(
    `SELECT (SELECT count(*)::int FROM notifications.outbox WHERE status = 'queued') AS queued,
            (SELECT count(*)::int FROM notifications.outbox WHERE status = 'sending') AS sending,
            (SELECT count(*)::int FROM notifications.outbox WHERE status = 'sent' AND created_at > now() - interval '2 days'
               AND sent_at > now() - interval '1 hour') AS "sentLastHour",
            (SELECT count(*)::int FROM notifications.outbox WHERE status = 'failed' AND created_at > now() - interval '2 days'
               AND updated_at > now() - interval '1 hour') AS "failedLastHour",
            (SELECT min(created_at) FROM notifications.outbox WHERE status IN ('queued', 'sending')) AS "oldestQueuedAt"`,
  )) as OutboxHealth[];
  return row;
});

postgresGauge({
  name: 'bk_email_messages',
  help: 'E-mails in the outbox waiting to be delivered, by status (queued, sending)',
  labelNames: ['status'],
  read: async (db) => {
    const { queued, sending } = await read(db);
    return [
      { labels: { status: 'queued' }, value: queued },
      { labels: { status: 'sending' }, value: sending },
    ];
  },
});

postgresGauge({
  name: 'bk_email_messages_last_hour',
  help: 'E-mails delivered (status="sent") and given up on (status="failed") in the last hour',
  labelNames: ['status'],
  read: async (db) => {
    const { sentLastHour, failedLastHour } = await read(db);
    return [
      { labels: { status: 'sent' }, value: sentLastHour },
      { labels: { status: 'failed' }, value: failedLastHour },
    ];
  },
});

postgresGauge({
  name: 'bk_email_oldest_queued_seconds',
  help: 'Seconds the oldest e-mail not yet delivered has waited since it was queued (0 when none waits)',
  read: async (db) => {
    const { oldestQueuedAt } = await read(db);
    return [{ value: oldestQueuedAt ? Math.max(0, Date.now() / 1000 - epochSeconds(oldestQueuedAt)) : 0 }];
  },
});
