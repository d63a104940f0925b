import { ErrorCode, ImportMessages, KitMessages, type Actor, REGISTER_BATCH_MAX, type RegisterBatchRequest } from '@bleedkits/contracts';
import type { IdempotencyKeyRepository } from '../../database/idempotency-key.repository';
import { idempotencyKeys, manufacturers, validRegistration, writableKitPorts } from '../../../test/command-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { RegisterKitsBatchHandler } from './register-kits-batch.handler';

describe(RegisterKitsBatchHandler.name, () => {
  const owner = someone();
  const admin = someone('admin');
  const setup = (remembered: Parameters<typeof idempotencyKeys>[0] = []) => {
    const p = writableKitPorts();
    const keys = idempotencyKeys(remembered);
    const handler = new RegisterKitsBatchHandler(p.repository, manufacturers(), keys.repository, p.publisher);
    const batch = (entries: RegisterBatchRequest['entries'], actor: Actor = owner, ownerId?: string | null) =>
      handler.execute({ actor, ownerId, entries });
    return { p, keys, handler, batch };
  };
  const entry = (key: string, overrides = {}) => ({ idempotencyKey: key, kit: validRegistration(overrides) });

  it('registers each valid entry pending and owned by the caller, and answers each invalid one with the form messages, in order', async () => {
    const { p, keys, batch } = setup();
    const { outcomes } = await batch([
      entry('import:j1:2', { serialNumber: 'BATCH-1' }),
      entry('import:j1:3', { serialNumber: 'x', custodianEmail: 'nope' }),
      entry('import:j1:4', { serialNumber: 'BATCH-2', postcode: 'IM1 1AA' }),
    ]);
    expect(outcomes).toEqual([
      { idempotencyKey: 'import:j1:2', kitId: 1, replayed: false },
      { idempotencyKey: 'import:j1:3', errors: [KitMessages.serialNumber, KitMessages.custodianEmail] },
      { idempotencyKey: 'import:j1:4', kitId: 2, replayed: false },
    ]);
    expect(p.inserted.map((k) => [k.serialNumber, k.ownerId, k.status, k.manuallyChecked])).toEqual([
      ['BATCH-1', owner.id, 'pending', false],
      ['BATCH-2', owner.id, 'pending', false],
    ]);
    expect(p.store.get(2)!.ambulanceService).toBe('isle_of_man_guernsey_jersey');
    // A revision per kit, each remembered with its key; one hint for the last.
    const [first, second] = p.inserted.map((k) => k.revision);
    expect(second).toBeGreaterThan(first);
    expect([...keys.remembered.values()]).toEqual([
      { key: 'import:j1:2', kitId: 1, revision: first },
      { key: 'import:j1:4', kitId: 2, revision: second },
    ]);
    expect(keys.commands.every((c) => c.command === 'register-batch')).toBe(true);
    expect(p.hints).toEqual([second]);
  });

  it('answers an entry whose key already made a kit with that kit, and opens no write when nothing is new', async () => {
    const { p, keys, batch } = setup([{ key: 'import:j2:2', kitId: 41, revision: 7 }]);
    const write = jest.spyOn(p.repository, 'write');
    const { outcomes } = await batch([entry('import:j2:2'), entry('import:j2:3', { serialNumber: 'x' })]);
    expect(outcomes).toEqual([
      { idempotencyKey: 'import:j2:2', kitId: 41, replayed: true },
      { idempotencyKey: 'import:j2:3', errors: [KitMessages.serialNumber] },
    ]);
    expect(write).not.toHaveBeenCalled();
    expect(p.inserted).toEqual([]);
    expect(p.hints).toEqual([]);
    expect(keys.lookups).toEqual([{ keys: ['import:j2:2', 'import:j2:3'], locked: false }]);
  });

  it('looks again under the revision lock: a key another attempt remembered meanwhile is answered, not registered twice', async () => {
    const { p, keys, batch } = setup();
    const find = keys.repository.find.bind(keys.repository);
    keys.repository.find = (async (wanted: readonly string[], m?: unknown) => {
      // The other attempt commits between this one's first look and its taking the lock.
      if (m !== undefined && !keys.remembered.has('import:j3:2')) keys.remembered.set('import:j3:2', { key: 'import:j3:2', kitId: 77, revision: 9 });
      return find(wanted, m as never);
    }) as IdempotencyKeyRepository['find'];
    const { outcomes } = await batch([entry('import:j3:2'), entry('import:j3:3', { serialNumber: 'FRESH-1' })]);
    expect(outcomes).toEqual([
      { idempotencyKey: 'import:j3:2', kitId: 77, replayed: true },
      { idempotencyKey: 'import:j3:3', kitId: 1, replayed: false },
    ]);
    expect(p.inserted.map((k) => k.serialNumber)).toEqual(['FRESH-1']);
    expect(p.hints).toEqual([p.inserted[0].revision]);
  });

  it('registers into another account only for an admin', async () => {
    const other = someone().id;
    const refused = setup();
    expect(await refusal(refused.batch([entry('import:j4:2')], owner, other))).toEqual({
      code: ErrorCode.Forbidden,
      message: ImportMessages.otherAccount,
    });
    expect(refused.p.inserted).toEqual([]);
    expect((await refused.batch([entry('import:j4:3')], owner, owner.id)).outcomes[0]).toMatchObject({ replayed: false });
    expect(refused.p.inserted[0].ownerId).toBe(owner.id);

    const { p, batch } = setup();
    await batch([entry('import:j4:4')], admin, other);
    expect(p.inserted[0].ownerId).toBe(other);
  });

  it('refuses a malformed batch as a whole, before reading keys or writing', async () => {
    const { p, keys, handler, batch } = setup();
    expect((await refusal(handler.execute({ actor: undefined as unknown as Actor, entries: [entry('k')] }))).code).toBe(ErrorCode.Unauthenticated);
    expect((await refusal(batch('rows' as never))).errors).toEqual(['entries must be an array']);
    const tooMany = Array.from({ length: REGISTER_BATCH_MAX + 1 }, (_, i) => entry(`import:big:${i}`));
    expect((await refusal(batch(tooMany))).errors).toEqual([`At most ${REGISTER_BATCH_MAX} kits per batch`]);
    for (const key of ['', 'has space', 'k'.repeat(201), 42]) {
      expect((await refusal(batch([entry('import:ok:1'), { idempotencyKey: key as string, kit: validRegistration() }]))).errors).toEqual([
        'Every entry needs an idempotency key',
      ]);
    }
    expect(keys.lookups).toEqual([]);
    expect(p.inserted).toEqual([]);
  });
});
