import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type ImportErrorsPart, type ImportJobView, type Actor, UPLOAD_PART_BYTES } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import type { NatsBus } from '@bleedkits/platform';
import { type TestBed, createTestBed } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { readImportsEnv } from '../src/config/env';
import { ImportsModule } from '../src/imports.module';

export type ImportsHarness = TestBed & { kits: INestMicroservice; imports: INestMicroservice | null };

/**
 * A test bed with the kits context and (unless a test runs it as a child process) the imports context, both on the
 * bed's private NATS, fresh database and Redis queue prefix. Geocoding is offline unless a test names a peer.
 */
export async function startImportsBed(options: { importsEnv?: Record<string, string>; importsInProcess?: boolean } = {}): Promise<ImportsHarness> {
  const bed = await createTestBed('imports-test', 10_000);
  const kits = await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off' })));
  const imports =
    options.importsInProcess === false
      ? null
      : await bed.start('imports', ImportsModule.forRoot(readImportsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off', ...options.importsEnv })));
  return { ...bed, kits, imports };
}

export function actor(role: 'admin' | 'user' = 'user'): Actor {
  const id = randomUUID();
  return { id, role, email: `${role}-${id.slice(0, 8)}@example.org` };
}

/** What the gateway does with an uploaded file: send it in parts, then start the import. */
export async function startImport(
  bus: NatsBus,
  who: Actor,
  file: string | Buffer,
  options: { fileName?: string; ownerId?: string } = {},
): Promise<ImportJobView> {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  const uploadId = randomUUID();
  const parts = Math.max(1, Math.ceil(bytes.length / UPLOAD_PART_BYTES));
  for (let part = 0; part < parts; part++) {
    const data = bytes.subarray(part * UPLOAD_PART_BYTES, (part + 1) * UPLOAD_PART_BYTES).toString('base64');
    await bus.request(ImportsSubjects.stagePart, { actor: who, uploadId, part, data });
  }
  return bus.request(ImportsSubjects.startImport, {
    actor: who,
    uploadId,
    parts,
    fileName: options.fileName ?? 'kits.csv',
    ownerId: options.ownerId,
  });
}

export async function importStatus(bus: NatsBus, who: Actor, jobId: string): Promise<ImportJobView> {
  return bus.request(ImportsSubjects.importStatus, { actor: who, jobId });
}

/** Polls until the job is completed or failed. */
export async function finishedImport(bus: NatsBus, who: Actor, jobId: string, timeoutMs = 120_000): Promise<ImportJobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await importStatus(bus, who, jobId);
    if (view.status === 'completed' || view.status === 'failed') return view;
    if (Date.now() > deadline) throw new Error(`import ${jobId} did not finish: ${JSON.stringify(view)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The whole errors map, part by part, as the gateway assembles it; also returns each part's size on the wire. */
export async function importErrors(bus: NatsBus, who: Actor, jobId: string): Promise<{ errors: Record<string, string[]>; partBytes: number[] }> {
  const errors: Record<string, string[]> = {};
  const partBytes: number[] = [];
  let afterRow: number | null = null;
  for (;;) {
    const part: ImportErrorsPart = await bus.request(ImportsSubjects.importErrors, { actor: who, jobId, afterRow });
    partBytes.push(JSON.stringify(part).length);
    for (const [row, messages] of part.errors) errors[String(row)] = messages;
    if (!part.hasMore) return { errors, partBytes };
    afterRow = part.next;
  }
}

/** A CSV line with cells quoted where needed. */
export function csvLine(cells: readonly (string | number | undefined)[]): string {
  return cells
    .map((c) => (c === undefined ? '' : String(c)))
    .map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
    .join(',');
}
