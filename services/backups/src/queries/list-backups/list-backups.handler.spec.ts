import { BACKUP_PAGE_SIZE, BACKUP_PAGE_SIZE_MAX } from '@bleedkits/contracts';
import { backupRun, backupRuns } from '../../../test/handler-doubles';
import { ListBackupsHandler } from './list-backups.handler';

describe(ListBackupsHandler.name, () => {
  /** 25 runs an hour apart (run-00 the oldest), and one pruned run the history no longer shows. */
  function setup() {
    const history = Array.from({ length: 25 }, (_, i) =>
      backupRun(`run-${String(i).padStart(2, '0')}`, { createdAt: new Date(Date.UTC(2027, 2, 10, i)).toISOString() }),
    );
    const r = backupRuns([...history, backupRun('pruned', { createdAt: '2027-03-11T00:00:00.000Z', prunedAt: '2027-03-11T01:00:00.000Z' })]);
    return { r, handler: new ListBackupsHandler(r.runs) };
  }

  it('answers the history newest first, 10 a page, as wire records without the chain internals', async () => {
    const { handler } = setup();
    const first = await handler.execute({});
    expect(first.pagination).toEqual({ total: 25, page: 1, pageSize: BACKUP_PAGE_SIZE, pageCount: 3 });
    expect(first.data.map((b) => b.id)).toEqual(['run-24', 'run-23', 'run-22', 'run-21', 'run-20', 'run-19', 'run-18', 'run-17', 'run-16', 'run-15']);
    expect(first.data[0]).toEqual({
      id: 'run-24',
      createdAt: '2027-03-11T00:00:00.000Z',
      status: 'success',
      isFullBackup: true,
      isAutomatic: true,
      sizeBytes: 1000,
      durationMs: 10,
      fileName: 'run-24.bkb',
      cloudCopyStatus: 'local_only',
      errorMessage: null,
    });
    const last = await handler.execute({ page: 3, limit: 10 });
    expect(last.data.map((b) => b.id)).toEqual(['run-04', 'run-03', 'run-02', 'run-01', 'run-00']);
    expect(last.pagination).toEqual({ total: 25, page: 3, pageSize: 10, pageCount: 3 });
  });

  it('takes a page size of 1..BACKUP_PAGE_SIZE_MAX and a page from 1, falling back to the defaults for anything else', async () => {
    const { r, handler } = setup();
    for (const limit of [0, -1, 2.5, 'ten', null, undefined]) await handler.execute({ limit: limit as number });
    await handler.execute({ limit: BACKUP_PAGE_SIZE_MAX * 10 });
    await handler.execute({ limit: '5' as unknown as number });
    for (const page of [0, -2, 1.5, 'two']) await handler.execute({ page: page as number });
    await handler.execute({ page: 10_000_000 });
    await handler.execute(undefined as unknown as Record<string, never>);
    expect(r.pageCalls.map((c) => c.limit)).toEqual([
      ...Array(6).fill(BACKUP_PAGE_SIZE),
      BACKUP_PAGE_SIZE_MAX,
      5,
      ...Array(6).fill(BACKUP_PAGE_SIZE),
    ]);
    expect(r.pageCalls.map((c) => c.page)).toEqual([...Array(8).fill(1), 1, 1, 1, 1, 1_000_000, 1]);
  });

  it('answers an empty page past the end with the true total', async () => {
    const { handler } = setup();
    expect(await handler.execute({ page: 4 })).toEqual({ data: [], pagination: { total: 25, page: 4, pageSize: 10, pageCount: 3 } });
  });
});
