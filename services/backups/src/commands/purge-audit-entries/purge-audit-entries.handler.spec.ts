import type { DataSource } from 'typeorm';
import type { BackupsEnv } from '../../config/env';
import type { BackupsAuditTrail } from '../../database/backups-audit-trail';
import { BackupsPurgeAuditEntriesHandler } from './purge-audit-entries.handler';

describe(BackupsPurgeAuditEntriesHandler.name, () => {
  it('deletes the entries older than AUDIT_RETENTION_DAYS and says how many went', async () => {
    const cutoffs: Date[] = [];
    const trail = { purgeOlderThan: async (_db: unknown, olderThan: Date) => (cutoffs.push(olderThan), 3) };
    const env = { AUDIT_RETENTION_DAYS: 730 } as BackupsEnv;
    const handler = new BackupsPurgeAuditEntriesHandler(trail as unknown as BackupsAuditTrail, {} as DataSource, env);
    expect(await handler.execute(new Date('2027-03-10T12:00:00.000Z'))).toEqual({ removed: 3 });
    expect(cutoffs).toEqual([new Date('2025-03-10T12:00:00.000Z')]);
  });
});
