import { ErrorCode, KitMessages, type KitRegistration } from '@bleedkits/contracts';
import type { KitRepository } from '../../database/kit.repository';
import { manufacturers, validRegistration, writableKitPorts } from '../../../test/command-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { RegisterKitHandler } from './register-kit.handler';

describe(RegisterKitHandler.name, () => {
  const registrant = someone();
  const setup = () => {
    const p = writableKitPorts();
    return { p, handler: new RegisterKitHandler(p.repository, manufacturers(), p.views, p.publisher) };
  };

  it('makes the new kit the registrant’s and pending, whatever the registration claims, with the fields normalised', async () => {
    const { p, handler } = setup();
    const claims = { status: 'active', manuallyChecked: true, ownerId: 'someone-else', userId: 'someone-else' };
    const kit = await handler.execute({
      actor: registrant,
      kit: { ...validRegistration({ custodianEmail: 'Jo@Example.ORG', what3words: '///filled.count.soap' }), ...claims } as KitRegistration,
    });
    expect(kit).toMatchObject({ userId: registrant.id, status: 'pending', manuallyChecked: false, approvedAt: null });
    expect(p.store.get(kit.id)).toMatchObject({
      ownerId: registrant.id,
      status: 'pending',
      manuallyChecked: false,
      postcode: 'WA15 8FH',
      latitude: 53.384092,
      custodianEmail: 'jo@example.org',
      what3words: 'filled.count.soap',
      ambulanceService: 'north_west',
      publicDisplay: true,
    });
    expect(p.inserted).toHaveLength(1);
  });

  it('publishes one hint with the revision the kit committed with, only after the write has committed', async () => {
    const { p, handler } = setup();
    const order: string[] = [];
    const write = p.repository.write.bind(p.repository);
    p.repository.write = (async (work: Parameters<KitRepository['write']>[0]) => {
      const done = await write(work);
      order.push(`committed ${done.revision}`);
      return done;
    }) as KitRepository['write'];
    const committed = p.publisher.committed.bind(p.publisher);
    p.publisher.committed = (revision: number) => {
      order.push(`hint ${revision}`);
      committed(revision);
    };
    const kit = await handler.execute({ actor: registrant, kit: validRegistration() });
    expect(order).toEqual([`committed ${kit.revision}`, `hint ${kit.revision}`]);
    expect(p.hints).toEqual([kit.revision]);
  });

  it('sends no hint when the write fails', async () => {
    const { p, handler } = setup();
    p.repository.insert = async () => {
      throw new Error('connection lost');
    };
    await expect(handler.execute({ actor: registrant, kit: validRegistration() })).rejects.toThrow('connection lost');
    expect(p.hints).toEqual([]);
  });

  it('refuses an invalid registration with every message in the coded body, and writes nothing', async () => {
    const { p, handler } = setup();
    const body = await refusal(handler.execute({ actor: registrant, kit: validRegistration({ serialNumber: 'x', custodianEmail: 'nope' }) }));
    expect(body).toEqual({
      code: ErrorCode.ValidationFailed,
      message: `${KitMessages.serialNumber} ${KitMessages.custodianEmail}`,
      errors: [KitMessages.serialNumber, KitMessages.custodianEmail],
    });
    expect((await refusal(handler.execute({ actor: registrant, kit: validRegistration({ make: 'acme' }) }))).errors).toEqual([KitMessages.make]);
    expect((await refusal(handler.execute({ actor: registrant, kit: validRegistration({ latitude: 'north' }) }))).errors).toEqual([
      KitMessages.location,
    ]);
    const empty = await refusal(handler.execute({ actor: registrant, kit: undefined as unknown as KitRegistration }));
    expect(empty.errors).toEqual(expect.arrayContaining([KitMessages.serialNumber, KitMessages.make, KitMessages.location]));
    expect(p.store.size).toBe(0);
    expect(p.hints).toEqual([]);
  });
});
