import { CODE_DISCLOSED_MESSAGE, ErrorCode, FeedMessages } from '@bleedkits/contracts';
import { FeedClientAuth } from '../../queries/ambulance-feed/feed-client-auth';
import { storedKit, writableKitPorts } from '../../../test/command-doubles';
import { feedRepository } from '../../../test/feed-doubles';
import { refusal } from '../../../test/handler-doubles';
import { CodeDisclosedHandler, disclosureNote } from './code-disclosed.handler';

describe(CodeDisclosedHandler.name, () => {
  const setup = async () => {
    const p = writableKitPorts([
      storedKit(7, { status: 'active', ambulanceService: 'north_west', locationType: 'locked_cabinet', cabinetCode: '4321' }),
      storedKit(8, { status: 'active', ambulanceService: 'london' }),
      storedKit(9, { status: 'pending', ambulanceService: 'north_west' }),
    ]);
    const f = feedRepository();
    // The scope columns the disclosure locks and reads are the register's own.
    f.repository.kitScopeOf = async (id) => {
      const k = p.store.get(id);
      return k ? { status: k.status, ambulanceService: k.ambulanceService } : null;
    };
    const controlRoom = await f.addClient('north_west', 'NWAS control');
    const responderApp = await f.addClient('responder_app', 'Responder app');
    const handler = new CodeDisclosedHandler(p.repository, f.repository, new FeedClientAuth(f.repository), p.publisher);
    return { p, f, controlRoom, responderApp, handler };
  };

  it("marks the service's kit deployed with a note naming the control room, keeps the change, hints it and touches the key", async () => {
    const { p, f, controlRoom, handler } = await setup();
    const answer = await handler.execute({ keyHash: controlRoom.keyHash, kitId: 'BCK-7', note: '  caller at the scene ', clientAddress: '10.0.0.1' });
    expect(answer).toEqual({ id: 7, reference: 'BCK-7', deploymentStatus: 'deployed', message: CODE_DISCLOSED_MESSAGE });
    const note = 'Cabinet code given out by NWAS control (ambulance feed): caller at the scene';
    expect(p.store.get(7)).toMatchObject({ deploymentStatus: 'deployed', deploymentNotes: note });
    expect(p.deploymentChanges).toEqual([{ kitId: 7, status: 'deployed', notes: note, changedBy: controlRoom.id }]);
    expect(p.hints).toEqual([p.store.get(7)!.revision]);
    expect(f.touched).toEqual([controlRoom.id]);
  });

  it('answers a kit of another service, one not active, and a missing one alike, changing nothing', async () => {
    const { p, f, controlRoom, handler } = await setup();
    const bodies: Awaited<ReturnType<typeof refusal>>[] = [];
    for (const kitId of [8, 9, 99]) bodies.push(await refusal(handler.execute({ keyHash: controlRoom.keyHash, kitId, clientAddress: 'x' })));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0].code).toBe(ErrorCode.NotFound);
    expect(p.deploymentChanges).toEqual([]);
    expect(p.updates).toEqual([]);
    expect(p.hints).toEqual([]);
    expect(f.touched).toEqual([]);
  });

  it('takes reports only from a key that carries codes, and answers an unknown or malformed key alike', async () => {
    const { p, f, responderApp, handler } = await setup();
    expect(await refusal(handler.execute({ keyHash: responderApp.keyHash, kitId: 7, clientAddress: 'x' }))).toEqual({
      code: ErrorCode.Forbidden,
      message: FeedMessages.codesNotInScope,
    });
    const unknown = await refusal(handler.execute({ keyHash: 'f'.repeat(64), kitId: 7, clientAddress: 'x' }));
    const malformed = await refusal(handler.execute({ keyHash: 'not-a-hash', kitId: 7, clientAddress: 'x' }));
    expect(unknown).toEqual({ code: ErrorCode.Unauthenticated, message: FeedMessages.unauthorised });
    expect(malformed).toEqual(unknown);
    expect(p.store.get(7)!.deploymentStatus).toBe('available');
    expect(f.calls).not.toContain('kitScopeOf');
  });

  it('refuses a malformed kit id', async () => {
    const { p, controlRoom, handler } = await setup();
    expect((await refusal(handler.execute({ keyHash: controlRoom.keyHash, kitId: 'BCK-x', clientAddress: 'x' }))).code).toBe(
      ErrorCode.ValidationFailed,
    );
    expect(p.updates).toEqual([]);
  });

  it('writes the note with the control room’s own words trimmed and cut at 500 characters, or none', () => {
    expect(disclosureNote('NWAS', '   ')).toBe('Cabinet code given out by NWAS (ambulance feed)');
    expect(disclosureNote('NWAS', null)).toBe('Cabinet code given out by NWAS (ambulance feed)');
    expect(disclosureNote('NWAS', ` ${'w'.repeat(600)}`)).toBe(`Cabinet code given out by NWAS (ambulance feed): ${'w'.repeat(500)}`);
  });
});
