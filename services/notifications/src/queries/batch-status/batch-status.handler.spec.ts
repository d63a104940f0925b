import { ErrorCode } from '@bleedkits/contracts';
import type { OutboxBatchRepository } from '../../database/outbox-batch.repository';
import { BatchStatusHandler } from './batch-status.handler';

describe(BatchStatusHandler.name, () => {
  const batches = {
    counts: jest.fn(async (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, { queued: 2, sent: 1, failed: 0 }]))),
  };
  const handler = new BatchStatusHandler(batches as unknown as OutboxBatchRepository);

  it('answers the counts of each named batch once', async () => {
    expect(await handler.execute({ batches: ['a', 'a', 'b'] })).toEqual({
      batches: { a: { queued: 2, sent: 1, failed: 0 }, b: { queued: 2, sent: 1, failed: 0 } },
    });
    expect(batches.counts).toHaveBeenCalledWith(['a', 'b']);
  });

  it('answers nothing for no batch, and refuses more than a page of runs', async () => {
    expect(await handler.execute({ batches: [] })).toEqual({ batches: {} });
    await expect(handler.execute({ batches: Array.from({ length: 101 }, (_, i) => `r${i}`) })).rejects.toMatchObject({
      body: { code: ErrorCode.ValidationFailed },
    });
  });
});
