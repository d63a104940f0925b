import type { EmailRecordRepository, RestockNotice } from '../src/database/email-record.repository';
import type { ReminderRunStatusRepository } from '../src/database/reminder-run-status.repository';
import type { DueWindow, ProjectionRepository } from '../src/database/projection.repository';
import type { ProjectedKit } from '../src/domain/projected-kit';

/** An active kit of the projection, due on `nextVerificationDue` (YYYY-MM-DD). */
export function projectedKit(id: number, nextVerificationDue: string, k: Partial<ProjectedKit> = {}): ProjectedKit {
  return {
    id,
    revision: id,
    serialNumber: `BK-${String(id).padStart(4, '0')}`,
    locationName: `Hall ${id}`,
    addressLine1: `${id} High Street`,
    city: 'Leeds',
    postcode: 'LS1 1AA',
    custodianName: `Custodian ${id}`,
    custodianEmail: `custodian-${id}@example.org`,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastVerifiedAt: null,
    nextVerificationDue,
    deploymentStatus: 'available',
    deploymentNotes: null,
    deploymentChangedAt: null,
    tourniquetExpiry: null,
    dressingsExpiry: null,
    ...k,
  } as ProjectedKit;
}

/** The projection's reads over a list of active kits, with the repository's window and order rules. */
export function projectionOf(kits: ProjectedKit[], position = 0) {
  const within = (w: DueWindow) => (k: ProjectedKit) =>
    (!w.dueBefore || k.nextVerificationDue < w.dueBefore) &&
    (!w.dueFrom || k.nextVerificationDue >= w.dueFrom) &&
    (!w.dueUpTo || k.nextVerificationDue <= w.dueUpTo);
  const projection = {
    position: async () => position,
    page: async (w: DueWindow, afterId: number, limit: number) =>
      kits
        .filter(within(w))
        .filter((k) => k.id > afterId)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit),
    pageByDue: async (w: DueWindow, offset: number, limit: number) =>
      kits
        .filter(within(w))
        .sort((a, b) => a.nextVerificationDue.localeCompare(b.nextVerificationDue) || a.id - b.id)
        .slice(offset, offset + limit),
    count: async (w: DueWindow) => kits.filter(within(w)).length,
    deployedSince: async (before: Date, limit: number) => {
      const deployed = kits
        .filter((k) => k.deploymentStatus === 'deployed' && k.deploymentChangedAt && new Date(k.deploymentChangedAt) < before)
        .sort((a, b) => a.deploymentChangedAt!.localeCompare(b.deploymentChangedAt!) || a.id - b.id);
      return { kits: deployed.slice(0, limit), total: deployed.length };
    },
    findActive: async (id: number) => kits.find((k) => k.id === id) ?? null,
  };
  return projection as unknown as ProjectionRepository;
}

/** The e-mail records: what was sent (by key), the restock notices owed, and the runs with their results. */
export function emailRecords(owed: RestockNotice[] = []) {
  const sent = new Map<string, { templateId: string; kitId: number | null; recipient: string; messageId: string }>();
  const restocksOwed = new Map(owed.map((n) => [n.idempotencyKey, n]));
  const runs = new Map<string, { kind: string; attempts: number; result: unknown }>();
  const records = {
    wasSent: async (key: string) => sent.has(key),
    async recordSent(e: { idempotencyKey: string; templateId: string; kitId: number | null; recipient: string; messageId: string }) {
      if (!sent.has(e.idempotencyKey)) sent.set(e.idempotencyKey, e);
    },
    unsentRestocks: async () => [...restocksOwed.values()],
    restockSent: async (key: string) => void restocksOwed.delete(key),
    async startRun(runKey: string, kind: string) {
      const run = runs.get(runKey);
      runs.set(runKey, { kind, attempts: (run?.attempts ?? 0) + 1, result: run?.result ?? null });
    },
    async finishRun(runKey: string, result: object) {
      runs.get(runKey)!.result = result;
    },
  };
  return { sent, restocksOwed, runs, records: records as unknown as EmailRecordRepository };
}

export type RecordedRun = { kind: string; startedAt: string | null; finishedAt: string | null };

/** The reminder runs' facts over a list of recorded runs, with the repository's rule: only reminder runs count, the newest start and finish. */
export function reminderRunStatus(recorded: RecordedRun[]) {
  const newest = (at: (string | null)[]) =>
    at
      .filter((a): a is string => a !== null)
      .sort()
      .at(-1) ?? null;
  const runs = recorded.filter((r) => r.kind === 'reminder-run');
  const status = {
    facts: async () => ({ lastFinishedAt: newest(runs.map((r) => r.finishedAt)), lastStartedAt: newest(runs.map((r) => r.startedAt)) }),
  };
  return status as unknown as ReminderRunStatusRepository;
}
