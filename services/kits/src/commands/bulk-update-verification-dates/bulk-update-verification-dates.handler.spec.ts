import { ErrorCode, KitMessages, type KitStatus, VerificationMessages } from '@bleedkits/contracts';
import type { KitRepository } from '../../database/kit.repository';
import type { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { refusal, someone } from '../../../test/handler-doubles';
import { BulkUpdateVerificationDatesHandler } from './bulk-update-verification-dates.handler';

/**
 * The handler is one UPDATE run inside the repository's write: the double's manager plays that statement over a list
 * of kits (each active kit takes the next revision, as nextval does) and answers as TypeORM does, [rows, count].
 * What the statement itself does to the table is proven in verify-kit.integration-spec.ts against Postgres.
 */
function register(kits: { id: number; status: KitStatus }[]) {
  let sequence = 100;
  const due = new Map<number, string>();
  const statements: { sql: string; params: unknown[] }[] = [];
  const hints: number[] = [];
  const manager = {
    async query(sql: string, params: unknown[]) {
      statements.push({ sql, params });
      const rows: { revision: string }[] = [];
      for (const k of kits.filter((kit) => kit.status === 'active')) {
        due.set(k.id, params[0] as string);
        rows.push({ revision: String(++sequence) });
      }
      return [rows, rows.length];
    },
  };
  const repository = {
    async write<T>(work: (m: unknown, revision: number) => Promise<T>) {
      const revision = ++sequence;
      return { result: await work(manager, revision), revision };
    },
  };
  const publisher = { committed: (revision: number) => void hints.push(revision) };
  const handler = new BulkUpdateVerificationDatesHandler(repository as unknown as KitRepository, publisher as unknown as KitChangedPublisher);
  return { handler, due, statements, hints };
}

describe(BulkUpdateVerificationDatesHandler.name, () => {
  const admin = someone('admin');

  it('sets the due date of every active kit, each with a revision of its own, and hints the highest', async () => {
    const r = register([
      { id: 1, status: 'active' },
      { id: 2, status: 'pending' },
      { id: 3, status: 'active' },
      { id: 4, status: 'rejected' },
    ]);
    expect(await r.handler.execute({ actor: admin, dueDate: '2025-12-31' })).toEqual({
      updatedCount: 2,
      message: 'Updated the verification due date of 2 kits to 2025-12-31',
    });
    expect([...r.due]).toEqual([
      [1, '2025-12-31'],
      [3, '2025-12-31'],
    ]);
    expect(r.statements).toHaveLength(1);
    expect(r.statements[0].sql).toMatch(/SET next_verification_due = \$1, revision = nextval\('kits\.revision_seq'\)[\s\S]*WHERE status = 'active'/);
    expect(r.statements[0].params).toEqual(['2025-12-31']);
    expect(r.hints).toEqual([103]);
  });

  it('sends no hint when no kit is active', async () => {
    const r = register([{ id: 1, status: 'pending' }]);
    expect(await r.handler.execute({ actor: admin, dueDate: '2026-01-31' })).toMatchObject({ updatedCount: 0 });
    expect(r.hints).toEqual([]);
  });

  it('is for admins only, and refuses a date that is not a real day in the register’s range, before any write', async () => {
    const r = register([{ id: 1, status: 'active' }]);
    expect((await refusal(r.handler.execute({ actor: someone(), dueDate: '2025-12-31' }))).code).toBe(ErrorCode.Forbidden);
    expect((await refusal(r.handler.execute({ actor: undefined as never, dueDate: '2025-12-31' }))).code).toBe(ErrorCode.Forbidden);
    for (const dueDate of ['2025-13-01', '2025-02-30', '31/12/2025', '', 20251231 as never]) {
      expect((await refusal(r.handler.execute({ actor: admin, dueDate }))).errors).toEqual([VerificationMessages.dueDateRequired]);
    }
    expect((await refusal(r.handler.execute({ actor: admin, dueDate: '1899-12-31' }))).errors).toEqual([KitMessages.dateOutOfRange]);
    expect(r.statements).toEqual([]);
    expect(r.due.size).toBe(0);
  });
});
