import { AUDIT_RETENTION_CRON, type AuditRetentionQueueName } from '@bleedkits/contracts';
import { upsertSchedule } from '../queues/queue.module';
import type { TypedQueue } from '../queues/typed-queue';

/** The context's daily retention tick: one job per tick across replicas (a BullMQ job scheduler). */
export async function scheduleAuditRetention(queue: TypedQueue<AuditRetentionQueueName>, context: string): Promise<void> {
  await upsertSchedule(queue, `${context}-audit-retention`, AUDIT_RETENTION_CRON, { name: 'purge-audit-entries', data: {} });
}
