import { KitsSubjects, VerificationSubjects } from '@bleedkits/contracts/wire';
import { Client } from 'pg';
import { type VerificationHarness, startVerification } from '../../test/verification-harness';

/**
 * The projection after a bulk date update (every kit takes a revision of its own): read in parallel ranges below the
 * feed's head, applied page by page in order with the stored position, and a deployed kit still owes one restock
 * notice however its pages were read.
 */
describe('verification KitFeedFollower', () => {
  let h: VerificationHarness;
  let db: Client;
  const kitCount = 45;

  beforeAll(async () => {
    // Small pages, so the update spans many ranges read three at a time.
    h = await startVerification({ env: { VERIFICATION_FEED_PAGE_SIZE: '4', VERIFICATION_FEED_PARALLEL_RANGES: '3' } });
    db = new Client({ connectionString: h.db.url });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await h?.close();
  });

  const overdue = () => h.bus.request(VerificationSubjects.reportPage, { report: 'overdue', page: 1, limit: 500 });
  const stored = async () => {
    const [{ revision }] = (await db.query(`SELECT revision::bigint AS revision FROM verification.feed_position WHERE id = 1`)).rows;
    return Number(revision);
  };

  it('is current after a bulk date update, every kit at its new due date, the position at the head', async () => {
    const kits = [];
    for (let i = 0; i < kitCount; i++) kits.push(await h.activeKit(`BULK-${i}`));
    await h.bus.request(KitsSubjects.setDeploymentStatus, { actor: h.owner, kitId: kits[7].id, status: 'deployed', notes: 'used' });
    await h.until(overdue, (r) => r.catchingUp === false && r.total === 0);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const bulk = await h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: h.admin, dueDate: yesterday });
    expect(bulk.updatedCount).toBe(kitCount);

    const report = await h.until(overdue, (r) => r.catchingUp === false && r.total === kitCount, 20_000);
    expect(report.kits.map((k) => k.id).sort((a, b) => a - b)).toEqual(kits.map((k) => k.id).sort((a, b) => a - b));
    const head = (await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1 })).headRevision;
    expect(report.asOfRevision).toBe(head);
    expect(await stored()).toBe(head);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM verification.kits WHERE active AND next_verification_due = $1`, [yesterday]);
    expect(rows[0].n).toBe(kitCount);
    // The deployed kit's later revision (the bulk update) owes no second notice.
    const notices = await db.query(`SELECT kit_id::int AS "kitId" FROM verification.restock_notices`);
    expect(notices.rows).toEqual([{ kitId: kits[7].id }]);
  });

  it('reads the feed again from the stored position after it is moved back, and the projection ends the same', async () => {
    const before = (await db.query(`SELECT id, revision, next_verification_due FROM verification.kits ORDER BY id`)).rows;
    const head = await stored();
    // As if a crash had lost every page after this position: the timer reads them again, nothing changes twice.
    await db.query(`UPDATE verification.feed_position SET revision = 0 WHERE id = 1`);
    await h.until(stored, (r) => r === head);
    expect((await db.query(`SELECT id, revision, next_verification_due FROM verification.kits ORDER BY id`)).rows).toEqual(before);
    expect((await db.query(`SELECT count(*)::int AS n FROM verification.restock_notices`)).rows[0].n).toBe(1);
  });
});
