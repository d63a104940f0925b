import { ErrorCode, KitMessages, TEXT_LIMITS, tooLongMessage } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { Client } from 'pg';
import { type KitsHarness, actor, startKits, validKit } from '../../../test/kits-harness';

/** The edit path runs the registration rules, refuses stale saves and sends public changes back for approval. */
describe('kit edits over NATS with real Postgres', () => {
  let h: KitsHarness;
  const owner = actor('user');
  const admin = actor('admin');
  const register = (overrides = {}) => h.bus.request(KitsSubjects.register, { actor: owner, kit: validKit(overrides) });
  const edit = (who: typeof owner, kitId: number, data: Record<string, unknown>, revision?: number) =>
    h.bus.request(KitsSubjects.edit, { actor: who, kitId, data, ...(revision === undefined ? {} : { revision }) });
  let sql: Client;
  const stored = async (id: number) => (await sql.query<Record<string, unknown>>('SELECT * FROM kits.kits WHERE id = $1', [id])).rows[0];
  const approved = async (overrides = {}) => {
    const k = await register(overrides);
    return h.bus
      .request(KitsSubjects.approve, { actor: admin, kitId: k.id })
      .then(() => h.bus.request(KitsSubjects.getKit, { actor: owner, kitId: k.id }));
  };

  beforeAll(async () => {
    h = await startKits();
    sql = new Client({ connectionString: h.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await h?.close();
  });

  it('refuses on edit what registration refuses: wrong types, over-long text, NUL, year 0000', async () => {
    const k = await register();
    const before = await stored(k.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ cabinetCode: 'C'.repeat(5000) }, tooLongMessage('Cabinet code', TEXT_LIMITS.cabinetCode)],
      [{ publicDisplay: 'no' }, KitMessages.publicDisplay],
      [{ serialNumber: ['a', 'b'] }, 'Serial number must be text'],
      [{ latitude: [53.8] }, KitMessages.location],
      [{ locationName: 'L'.repeat(95_000) }, tooLongMessage('Location name', TEXT_LIMITS.name)],
      [{ detailedLocation: 'By the door\u0000' }, KitMessages.nulCharacter],
      [{ custodianName: 'Jo\r\nBcc: x@example.org' }, 'Custodian name must be on one line'],
      [{ purchaseDate: '0000-01-01' }, KitMessages.dateOutOfRange],
      [{ expiryDate: '2025-02-30' }, KitMessages.invalidDate],
      [{ manuallyChecked: 'yes' }, KitMessages.manuallyChecked],
    ];
    for (const [data, message] of cases) {
      const err = await rejection(edit(admin, k.id, data));
      expect({ data: Object.keys(data), code: err.body.code, errors: err.body.errors }).toEqual({
        data: Object.keys(data),
        code: ErrorCode.ValidationFailed,
        errors: expect.arrayContaining([message]),
      });
    }
    expect(await stored(k.id)).toEqual(before);
    // Registration refuses the same values.
    for (const [data, message] of cases.filter(([d]) => !('manuallyChecked' in d))) {
      const err = await rejection(register(data));
      expect({ data: Object.keys(data), errors: err.body.errors }).toEqual({ data: Object.keys(data), errors: expect.arrayContaining([message]) });
    }
  });

  it('answers 409 to a save from a copy older than the stored kit, and keeps the newer change', async () => {
    const k = await register();
    const tabA = k.revision;
    const tabB = k.revision;
    const first = await edit(owner, k.id, { detailedLocation: 'Inside the porch' }, tabA);
    expect(first.revision).toBeGreaterThan(tabA);
    const stale = await rejection(
      edit(owner, k.id, validKit({ detailedLocation: 'Old text from another tab' }) as unknown as Record<string, unknown>, tabB),
    );
    expect(stale.body).toEqual({ code: ErrorCode.Conflict, message: KitMessages.staleEdit });
    expect((await stored(k.id)).detailed_location).toBe('Inside the porch');
    // Saving from the current copy works; a request without a revision (an API client) is not checked.
    expect((await edit(owner, k.id, { detailedLocation: 'Porch, left' }, first.revision)).detailedLocation).toBe('Porch, left');
    expect((await edit(owner, k.id, { detailedLocation: 'Porch, right' })).detailedLocation).toBe('Porch, right');
  });

  it('sends an approved kit back for approval when its owner changes what the public map shows', async () => {
    const publicChanges: Record<string, unknown>[] = [
      { locationName: 'SCAM: call 0909 000 0000' },
      { locationType: 'building_247' },
      { latitude: 53.39, longitude: -2.35 },
      { city: 'Hale' },
      { detailedLocation: 'Call 0909 000 0000 for the code' },
      { what3words: 'filled.count.soap' },
      { addressLine1: '2 Church Lane' },
    ];
    for (const data of publicChanges) {
      const k = await approved();
      expect(k.status).toBe('active');
      const saved = await edit(owner, k.id, data, k.revision);
      expect({ data, status: saved.status, approvedAt: saved.approvedAt }).toEqual({ data, status: 'pending', approvedAt: null });
    }
  });

  it('keeps an approved kit live for private or small changes, and for any admin edit', async () => {
    const k = await approved();
    const privateEdit = await edit(
      owner,
      k.id,
      { custodianName: 'Sam Keeper', custodianPhone: '0161 000 1234', expiryDate: '2029-01-10', latitude: 53.3841 },
      k.revision,
    );
    expect(privateEdit.status).toBe('active');
    const sameText = await edit(owner, k.id, { locationName: ' Village Hall ' }, privateEdit.revision);
    expect(sameText.status).toBe('active');
    const byAdmin = await edit(admin, k.id, { locationName: 'Village Hall (rear)' }, sameText.revision);
    expect(byAdmin).toMatchObject({ status: 'active', locationName: 'Village Hall (rear)' });
  });
});
