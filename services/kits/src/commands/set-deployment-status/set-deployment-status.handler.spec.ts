import { ErrorCode, KitMessages } from '@bleedkits/contracts';
import { storedKit, writableKitPorts } from '../../../test/command-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { SetDeploymentStatusHandler } from './set-deployment-status.handler';

describe(SetDeploymentStatusHandler.name, () => {
  const owner = someone();
  const admin = someone('admin');
  const setup = () => {
    const p = writableKitPorts([
      storedKit(1, { ownerId: owner.id, status: 'active' }),
      storedKit(2, { ownerId: 'someone-else', deploymentStatus: 'deployed' }),
    ]);
    return { p, handler: new SetDeploymentStatusHandler(p.repository, p.views, p.publisher) };
  };

  it('sets the owner’s kit deployed with trimmed notes, keeps the change with who, and hints the revision', async () => {
    const { p, handler } = setup();
    const kit = await handler.execute({ actor: owner, kitId: 'BCK-1', status: 'deployed', notes: '  Used at a road accident  ' });
    expect(kit).toMatchObject({ deploymentStatus: 'deployed', deploymentNotes: 'Used at a road accident' });
    expect(p.deploymentChanges).toEqual([{ kitId: 1, status: 'deployed', notes: 'Used at a road accident', changedBy: owner.id }]);
    expect(p.updates).toEqual([
      { id: 1, revision: kit.revision, patch: { deploymentStatus: 'deployed', deploymentNotes: 'Used at a road accident' } },
    ]);
    expect(p.hints).toEqual([kit.revision]);
  });

  it('moves between any two statuses; blank notes are none and long notes are cut at 2000 characters', async () => {
    const { p, handler } = setup();
    await handler.execute({ actor: owner, kitId: 1, status: 'unchecked', notes: '   ' });
    expect(p.store.get(1)).toMatchObject({ deploymentStatus: 'unchecked', deploymentNotes: null });
    await handler.execute({ actor: owner, kitId: 1, status: 'available', notes: 'n'.repeat(2500) });
    expect(p.store.get(1)!.deploymentNotes).toHaveLength(2000);
    await handler.execute({ actor: owner, kitId: 1, status: 'deployed' });
    expect(p.deploymentChanges.map((c) => [c.status, c.notes?.length ?? null])).toEqual([
      ['unchecked', null],
      ['available', 2000],
      ['deployed', null],
    ]);
  });

  it("lets an admin set anyone's kit; a stranger is told the kit does not exist and nothing is kept", async () => {
    const { p, handler } = setup();
    const stranger = await refusal(handler.execute({ actor: owner, kitId: 2, status: 'available' }));
    expect(stranger).toEqual(await refusal(handler.execute({ actor: owner, kitId: 3, status: 'available' })));
    expect(stranger.code).toBe(ErrorCode.NotFound);
    expect(p.deploymentChanges).toEqual([]);
    expect(p.hints).toEqual([]);
    expect((await handler.execute({ actor: admin, kitId: 2, status: 'available' })).deploymentStatus).toBe('available');
    expect(p.deploymentChanges).toEqual([{ kitId: 2, status: 'available', notes: null, changedBy: admin.id }]);
  });

  it('refuses an unknown status or a malformed id before any write', async () => {
    const { p, handler } = setup();
    expect(await refusal(handler.execute({ actor: owner, kitId: 1, status: 'lost' }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: KitMessages.unknownDeploymentStatus,
      errors: [KitMessages.unknownDeploymentStatus],
    });
    expect((await refusal(handler.execute({ actor: owner, kitId: '0', status: 'deployed' }))).code).toBe(ErrorCode.ValidationFailed);
    expect(p.store.get(1)!.deploymentStatus).toBe('available');
    expect(p.deploymentChanges).toEqual([]);
  });
});
