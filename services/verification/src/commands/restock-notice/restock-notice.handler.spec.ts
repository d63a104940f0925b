import { EmailTemplateIds, type QueueNames } from '@bleedkits/contracts';
import type { TypedQueue } from '@bleedkits/platform';
import { fixedClock, recordingOutbox, recordingQueue } from '@bleedkits/platform/testing';
import { emailRecords, projectedKit, projectionOf } from '../../../test/handler-doubles';
import { readVerificationEnv } from '../../config/env';
import type { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { RestockNoticeHandler, queueRestockNotices, restockJobId } from './restock-notice.handler';

describe(RestockNoticeHandler.name, () => {
  const env = readVerificationEnv({ PUBLIC_BASE_URL: 'https://register.example/' });
  const deployedAt = '2027-03-08T09:30:00.000Z';
  const notice = { kitId: 7, deployedAt, idempotencyKey: `restock:7:${deployedAt}` };
  const setup = (deployment: { deploymentStatus: 'deployed' | 'available'; deploymentChangedAt: string | null } | null) => {
    const kits = deployment ? [projectedKit(7, '2027-06-01', deployment)] : [];
    const r = emailRecords([notice]);
    const o = recordingOutbox();
    const handler = new RestockNoticeHandler(
      projectionOf(kits),
      r.records,
      o.outbox as unknown as EmailOutbox,
      fixedClock('2027-03-10T12:00:00Z'),
      env,
    );
    return { recorded: r.sent, restocksOwed: r.restocksOwed, sent: o.sent, handler };
  };

  it('asks the custodian of a kit still deployed to restock it, once, and records what was sent', async () => {
    const { handler, sent, recorded, restocksOwed } = setup({ deploymentStatus: 'deployed', deploymentChangedAt: deployedAt });
    expect(await handler.execute(notice)).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      idempotencyKey: notice.idempotencyKey,
      templateId: EmailTemplateIds.kitDeployedRestock,
      to: 'custodian-7@example.org',
      custodianKitIds: [7],
      variables: { serialNumber: 'BK-0007', deployedAt: '08/03/2027, 09:30', dashboardUrl: 'https://register.example/dashboard', year: 2027 },
    });
    expect(recorded.get(notice.idempotencyKey)).toEqual({
      idempotencyKey: notice.idempotencyKey,
      templateId: EmailTemplateIds.kitDeployedRestock,
      kitId: 7,
      recipient: 'custodian-7@example.org',
      messageId: 'message-1',
    });
    expect(restocksOwed.size).toBe(0);
    // A retried job: the outbox dedupes by the notice's key.
    await handler.execute(notice);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing for a kit restocked, redeployed since, or gone, and stops owing the notice', async () => {
    for (const deployment of [
      { deploymentStatus: 'available' as const, deploymentChangedAt: '2027-03-09T10:00:00.000Z' },
      { deploymentStatus: 'deployed' as const, deploymentChangedAt: '2027-03-09T10:00:00.000Z' },
      null,
    ]) {
      const { handler, sent, restocksOwed } = setup(deployment);
      expect(await handler.execute(notice)).toBe('not needed');
      expect(sent).toEqual([]);
      expect(restocksOwed.size).toBe(0);
    }
  });

  it('queues every notice owed under a job id without colons, so queuing twice runs each once', async () => {
    const { records } = emailRecords([notice, { kitId: 8, deployedAt, idempotencyKey: `restock:8:${deployedAt}` }]);
    const { jobs, queue } = recordingQueue();
    expect(await queueRestockNotices(records, queue as unknown as TypedQueue<typeof QueueNames.verificationReminders>)).toBe(2);
    await queueRestockNotices(records, queue as unknown as TypedQueue<typeof QueueNames.verificationReminders>);
    expect(jobs.map((j) => [j.name, j.jobId, j.data])).toEqual([
      ['restock-notice', restockJobId(notice), { kind: 'restock-notice', kitId: 7, deployedAt }],
      ['restock-notice', `restock_8_${deployedAt.replace(/:/g, '_')}`, { kind: 'restock-notice', kitId: 8, deployedAt }],
    ]);
    expect(jobs.every((j) => !j.jobId!.includes(':'))).toBe(true);
  });
});
