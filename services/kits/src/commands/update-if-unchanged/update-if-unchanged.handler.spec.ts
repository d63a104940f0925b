import { AMBULANCE_SERVICES, ErrorCode, KitMessages, type Actor, type UpdateIfUnchangedRequest, staleValueMessage } from '@bleedkits/contracts';
import type { IdempotencyKeyRepository } from '../../database/idempotency-key.repository';
import { idempotencyKeys, manufacturers, storedKit, writableKitPorts } from '../../../test/command-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { UpdateIfUnchangedHandler } from './update-if-unchanged.handler';

type Changes = UpdateIfUnchangedRequest['changes'];

describe(UpdateIfUnchangedHandler.name, () => {
  const admin = someone('admin');
  const owner = someone();
  const setup = (remembered: Parameters<typeof idempotencyKeys>[0] = []) => {
    const p = writableKitPorts([
      storedKit(1, { ownerId: owner.id, status: 'active', manuallyChecked: true, locationName: 'Old Hall', what3words: 'filled.count.soap' }),
    ]);
    const keys = idempotencyKeys(remembered);
    const handler = new UpdateIfUnchangedHandler(p.repository, manufacturers(), keys.repository, p.publisher, p.audit);
    const update = (idempotencyKey: string, changes: Changes, actor: Actor = admin, kitId: number = 1) =>
      handler.execute({ actor, kitId, idempotencyKey, changes });
    return { p, keys, update };
  };

  it('applies the changes while each field still holds the value compared (as the comparison normalises it), keyed, with one hint', async () => {
    const { p, keys, update } = setup();
    const result = await update('csv-update:j1:1', [
      { field: 'locationName', oldValue: '  old   hall ', newValue: 'New Hall' },
      { field: 'postcode', oldValue: 'wa158fh', newValue: 'm1 1ae' },
      { field: 'latitude', oldValue: 53.3840920001, newValue: '53.4808' },
    ]);
    expect(result).toEqual({ kitId: 1, revision: p.store.get(1)!.revision, replayed: false });
    expect(p.store.get(1)).toMatchObject({ locationName: 'New Hall', postcode: 'M1 1AE', latitude: 53.4808 });
    expect(keys.remembered.get('csv-update:j1:1')).toEqual({ key: 'csv-update:j1:1', kitId: 1, revision: result.revision });
    expect(keys.commands).toEqual([{ command: 'update-if-unchanged', key: 'csv-update:j1:1' }]);
    expect(p.hints).toEqual([result.revision]);
    expect(p.audited).toHaveLength(1);
    expect(p.audited[0]).toMatchObject({ actor: admin, action: 'kit.edited', target: { type: 'kit', id: 1 } });
    expect(p.audited[0].before).toMatchObject({ locationName: 'Old Hall' });
    expect(p.audited[0].after).toMatchObject({ locationName: 'New Hall', postcode: 'M1 1AE' });
  });

  it('never changes status, owner or manually checked, and clears a field whose new value is empty', async () => {
    const { p, update } = setup();
    await update('csv-update:j2:1', [{ field: 'what3words', oldValue: 'Filled.Count.Soap', newValue: null }]);
    expect(p.store.get(1)).toMatchObject({ what3words: null, status: 'active', ownerId: owner.id, manuallyChecked: true });
    expect(Object.keys(p.updates[0].patch)).toEqual(expect.not.arrayContaining(['status', 'ownerId', 'manuallyChecked']));
  });

  it('answers a retried key with its first result, without writing or hinting again', async () => {
    const { p, update } = setup();
    const first = await update('csv-update:j3:1', [{ field: 'locationName', oldValue: 'Old Hall', newValue: 'New Hall' }]);
    // The retry compares against the value its own first attempt replaced: not stale, the same update.
    const again = await update('csv-update:j3:1', [{ field: 'locationName', oldValue: 'Old Hall', newValue: 'New Hall' }]);
    expect(again).toEqual({ ...first, replayed: true });
    expect(p.updates).toHaveLength(1);
    expect(p.hints).toEqual([first.revision]);

    const earlier = setup([{ key: 'csv-update:j3:2', kitId: 1, revision: 5 }]);
    const write = jest.spyOn(earlier.p.repository, 'write');
    expect(await earlier.update('csv-update:j3:2', [{ field: 'city', oldValue: 'x', newValue: 'y' }])).toEqual({
      kitId: 1,
      revision: 5,
      replayed: true,
    });
    expect(write).not.toHaveBeenCalled();
  });

  it('answers a key remembered meanwhile, found again under the revision lock, without writing', async () => {
    const { p, keys, update } = setup();
    const find = keys.repository.find.bind(keys.repository);
    keys.repository.find = (async (wanted: readonly string[], m?: unknown) => {
      if (m !== undefined) keys.remembered.set('csv-update:j4:1', { key: 'csv-update:j4:1', kitId: 1, revision: 3 });
      return find(wanted, m as never);
    }) as IdempotencyKeyRepository['find'];
    expect(await update('csv-update:j4:1', [{ field: 'city', oldValue: 'Altrincham', newValue: 'Hale' }])).toEqual({
      kitId: 1,
      revision: 3,
      replayed: true,
    });
    expect(p.updates).toEqual([]);
    expect(p.hints).toEqual([]);
  });

  it('writes nothing when a field changed since the comparison (409 naming it, its value now and the one expected)', async () => {
    const { p, keys, update } = setup();
    const body = await refusal(
      update('csv-update:j5:1', [
        { field: 'city', oldValue: 'Altrincham', newValue: 'Hale' },
        { field: 'locationName', oldValue: 'Older Hall', newValue: 'Other Hall' },
      ]),
    );
    expect(body).toEqual({ code: ErrorCode.Conflict, message: staleValueMessage('location_name', 'Old Hall', 'Older Hall') });
    expect(p.store.get(1)).toMatchObject({ city: 'Altrincham', locationName: 'Old Hall' });
    expect(keys.remembered.size).toBe(0);
    expect(p.hints).toEqual([]);
  });

  it('runs the registration rules on the merged kit and remembers nothing when they fail', async () => {
    const { p, keys, update } = setup();
    expect(await refusal(update('csv-update:j6:1', [{ field: 'custodianEmail', oldValue: 'jo@example.org', newValue: 'nope' }]))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [KitMessages.custodianEmail],
    });
    expect((await refusal(update('csv-update:j6:2', [{ field: 'make', oldValue: 'daniel_baird_foundation', newValue: 'acme' }]))).errors).toEqual([
      KitMessages.make,
    ]);
    expect(keys.remembered.size).toBe(0);
    expect(p.updates).toEqual([]);
  });

  it('is for admins only, and refuses a malformed request before reading anything', async () => {
    const { p, keys, update } = setup();
    const city: Changes = [{ field: 'city', oldValue: 'Altrincham', newValue: 'Hale' }];
    expect((await refusal(update('csv-update:j7:1', city, owner))).code).toBe(ErrorCode.Forbidden);
    expect((await refusal(update('csv-update:j7:1', city, admin, 0))).code).toBe(ErrorCode.ValidationFailed);
    expect((await refusal(update('has space', city))).errors).toEqual(['An idempotency key is required']);
    expect((await refusal(update('csv-update:j7:2', []))).errors).toEqual(['changes must be a non-empty array']);
    expect((await refusal(update('csv-update:j7:3', [{ field: 'status' as never, oldValue: 'pending', newValue: 'active' }]))).errors).toEqual([
      'status is not a field a CSV update may change',
    ]);
    expect((await refusal(update('csv-update:j7:4', [{ field: 'ambulanceService', oldValue: 'north_west', newValue: 'mars' }]))).errors).toEqual([
      `ambulance_service must be one of: ${AMBULANCE_SERVICES.join(', ')}.`,
    ]);
    expect(keys.lookups).toEqual([]);
    expect((await refusal(update('csv-update:j7:5', city, admin, 99))).code).toBe(ErrorCode.NotFound);
    expect(p.updates).toEqual([]);
  });
});
