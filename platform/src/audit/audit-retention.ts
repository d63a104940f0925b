import type { Queue } from 'bullmq';
import { AUDIT_RETENTION_CRON } from '@bleedkits/contracts';
import { upsertSchedule } from '../queues/queue.module';

/** The context's daily retention tick: one job per tick across replicas (a BullMQ job scheduler). */
export async function scheduleAuditRetention(queue: Queue, context: string): Promise<void> {
  await upsertSchedule(queue, `${context}-audit-retention`, AUDIT_RETENTION_CRON, { name: 'purge-audit-entries', data: {} });
}
