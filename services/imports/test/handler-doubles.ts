import type { Actor, CsvUpdateEntry } from '@bleedkits/contracts';
import type { ValidUpdate } from '../src/domain/approved-update';
import type { CsvUpdateJobRow, CsvUpdateRepository } from '../src/database/csv-update.repository';
import type { ImportJobRepository, ImportJobRow } from '../src/database/import-job.repository';
import type { StagedUploadRepository } from '../src/database/staged-upload.repository';

export const anAdmin: Actor = { id: 'admin-1', role: 'admin', email: 'admin@example.org' };
export const anotherAdmin: Actor = { id: 'admin-2', role: 'admin', email: 'admin2@example.org' };
export const aUser: Actor = { id: 'user-1', role: 'user', email: 'user@example.org' };
export const anotherUser: Actor = { id: 'user-2', role: 'user', email: 'user2@example.org' };

/** Ids the handlers accept (they refuse anything but a UUID before asking storage). */
export const JOB_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601';
export const OTHER_JOB_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f602';

/** A CSV update job row: staged by anAdmin, nothing settled yet. */
export function csvUpdateJob(id: string, j: Partial<CsvUpdateJobRow> = {}): CsvUpdateJobRow {
  return {
    id,
    requestedBy: anAdmin.id,
    requestedByEmail: anAdmin.email,
    total: 0,
    successful: 0,
    failed: 0,
    status: 'staging',
    errorMessage: null,
    ...j,
  };
}

/**
 * CSV update jobs kept in maps, with the repository's rules: a job belongs to the admin whose part made it; a part
 * is stored only while the job is that admin's and still staging, and a position already taken keeps its update;
 * sealing queues a job once, when exactly `total` (more than 0) updates are in.
 */
export function csvUpdateJobs(initial: CsvUpdateJobRow[] = [], entries: Record<string, CsvUpdateEntry[]> = {}) {
  const jobs = new Map(initial.map((j) => [j.id, { ...j }]));
  const staged = new Map<string, Map<number, ValidUpdate>>();
  const entriesAfterCalls: { jobId: string; afterId: number; limit: number }[] = [];
  const repository = {
    async stage(jobId: string, actor: Actor, firstPosition: number, updates: readonly ValidUpdate[]) {
      if (!jobs.has(jobId)) jobs.set(jobId, csvUpdateJob(jobId, { requestedBy: actor.id, requestedByEmail: actor.email }));
      const job = jobs.get(jobId)!;
      if (job.requestedBy !== actor.id || job.status !== 'staging') return { ...job };
      const positions = staged.get(jobId) ?? new Map<number, ValidUpdate>();
      staged.set(jobId, positions);
      updates.forEach((u, i) => positions.has(firstPosition + i) || positions.set(firstPosition + i, u));
      return { ...job };
    },
    async seal(jobId: string, actor: Actor, total: number) {
      const job = jobs.get(jobId);
      if (!job || job.requestedBy !== actor.id) return null;
      if (job.status !== 'staging') return { ...job };
      if ((staged.get(jobId)?.size ?? 0) !== total || total === 0) return 'incomplete';
      Object.assign(job, { total, status: 'queued' });
      return { ...job };
    },
    find: async (jobId: string) => (jobs.has(jobId) ? { ...jobs.get(jobId)! } : null),
    async entriesAfter(jobId: string, afterId: number, limit: number) {
      entriesAfterCalls.push({ jobId, afterId, limit });
      return (entries[jobId] ?? [])
        .filter((e) => e.id > afterId)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    },
  };
  return { jobs, staged, entriesAfterCalls, repository: repository as unknown as CsvUpdateRepository };
}

/** An import job row: anUser imports into their own account, queued, nothing processed yet. */
export function importJob(id: string, j: Partial<ImportJobRow> = {}): ImportJobRow {
  return {
    id,
    ownerId: aUser.id,
    requestedBy: aUser.id,
    requestedByRole: 'user',
    fileName: 'kits.csv',
    encoding: 'utf-8',
    total: 10,
    processed: 0,
    created: 0,
    failed: 0,
    status: 'queued',
    errorMessage: null,
    createdAt: new Date('2027-03-10T12:00:00Z'),
    finishedAt: null,
    ...j,
  };
}

/** Import jobs and their refused rows (row number → messages), read as the repository reads them: in row order. */
export function importJobs(initial: ImportJobRow[] = [], refused: Record<string, Record<number, string[]>> = {}) {
  const jobs = new Map(initial.map((j) => [j.id, { ...j }]));
  const errorsAfterCalls: { jobId: string; afterRow: number; limit: number }[] = [];
  const repository = {
    find: async (id: string) => (jobs.has(id) ? { ...jobs.get(id)! } : null),
    async errorsAfter(id: string, afterRow: number, limit: number) {
      errorsAfterCalls.push({ jobId: id, afterRow, limit });
      return Object.entries(refused[id] ?? {})
        .map(([row, errors]) => ({ row: Number(row), errors }))
        .filter((r) => r.row > afterRow)
        .sort((a, b) => a.row - b.row)
        .slice(0, limit);
    },
  };
  return { jobs, errorsAfterCalls, repository: repository as unknown as ImportJobRepository };
}

/**
 * Staged upload parts by upload and part number, with the repository's rule: a part sent again by its sender
 * replaces itself; one sent by anyone else is refused and changes nothing.
 */
export function stagedUploads() {
  const parts = new Map<string, { actorId: string; data: Buffer }>();
  const repository = {
    async putPart(uploadId: string, part: number, actorId: string, data: Buffer) {
      const key = `${uploadId}/${part}`;
      const existing = parts.get(key);
      if (existing && existing.actorId !== actorId) return false;
      parts.set(key, { actorId, data });
      return true;
    },
  };
  return { parts, repository: repository as unknown as StagedUploadRepository };
}
