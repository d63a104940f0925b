import { ErrorCode, ManufacturerMessages, type ManufacturerRow } from '@bleedkits/contracts';
import type { NewAuditEntry } from '@bleedkits/platform';
import type { KitAuditTrail } from '../../database/kit-audit-trail';
import type { ManufacturerRepository } from '../../database/manufacturer.repository';
import { refusal, someone } from '../../../test/handler-doubles';
import { ManageManufacturersHandler } from './manage-manufacturers.handler';

type Record_ = (m: unknown, was?: string) => Promise<void>;

/** The manufacturer table replaced by a map of key → label; each change's audit entry as the handler gave it. */
function manufacturers(initial: Record<string, string>) {
  const rows = new Map(Object.entries(initial));
  const audited: NewAuditEntry[] = [];
  const audit = { record: async (_m: unknown, entry: NewAuditEntry) => void audited.push(entry) };
  const repo = {
    async listWithCounts(): Promise<ManufacturerRow[]> {
      return [...rows].map(([value, label]) => ({ value, label, kitCount: 0 }));
    },
    async insert(key: string, label: string, alsoRecord?: Record_) {
      if (rows.has(key)) return false;
      rows.set(key, label);
      await alsoRecord?.({});
      return true;
    },
    async rename(key: string, label: string, alsoRecord?: Record_) {
      const was = rows.get(key);
      if (was === undefined) return false;
      rows.set(key, label);
      await alsoRecord?.({}, was);
      return true;
    },
    async remove(key: string, alsoRecord?: Record_) {
      const was = rows.get(key);
      if (was === undefined) return false;
      rows.delete(key);
      await alsoRecord?.({}, was);
      return true;
    },
  };
  return { rows, audited, handler: new ManageManufacturersHandler(repo as unknown as ManufacturerRepository, audit as unknown as KitAuditTrail) };
}

describe(ManageManufacturersHandler.name, () => {
  const admin = someone('admin');

  it('is for admins only', async () => {
    const { handler } = manufacturers({});
    expect((await refusal(handler.list({ actor: someone() }))).code).toBe(ErrorCode.Forbidden);
    expect((await refusal(handler.add({ actor: undefined as never, name: 'Acme' }))).code).toBe(ErrorCode.Forbidden);
  });

  it('adds a normalised key once, and refuses an empty name or a duplicate', async () => {
    const { handler, rows } = manufacturers({ other: 'Other' });
    const added = await handler.add({ actor: admin, name: '  Acme Kits ' });
    expect(rows.has(added.value)).toBe(true);
    expect(added.kitCount).toBe(0);
    expect((await refusal(handler.add({ actor: admin, name: 'Acme Kits' }))).code).toBe(ErrorCode.Conflict);
    expect((await refusal(handler.add({ actor: admin, name: '   ' }))).errors).toEqual([ManufacturerMessages.nameRequired]);
    expect((await refusal(handler.add({ actor: admin, name: ['Acme'] as never }))).errors).toEqual([ManufacturerMessages.nameRequired]);
  });

  it("renames a label, removes a make, and never removes 'other'", async () => {
    const { handler, rows } = manufacturers({ other: 'Other', acme: 'Acme' });
    expect(await handler.rename({ actor: admin, value: 'acme', label: ' Acme Ltd ' })).toMatchObject({ value: 'acme', label: 'Acme Ltd' });
    expect((await refusal(handler.rename({ actor: admin, value: 'nope', label: 'X' }))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.rename({ actor: admin, value: 'acme', label: '' }))).errors).toEqual([ManufacturerMessages.nameRequired]);
    expect((await refusal(handler.remove({ actor: admin, value: 'other' }))).errors).toEqual([ManufacturerMessages.otherProtected]);
    expect((await handler.remove({ actor: admin, value: 'acme' })).message).toMatch(/removed/);
    expect(rows.has('acme')).toBe(false);
    expect((await refusal(handler.remove({ actor: admin, value: 'acme' }))).code).toBe(ErrorCode.NotFound);
  });

  it('records each change in the trail with the admin, the make and its label before and after; a refused one records nothing', async () => {
    const { handler, audited } = manufacturers({ other: 'Other' });
    const added = await handler.add({ actor: admin, name: 'Acme Kits' });
    await handler.rename({ actor: admin, value: added.value, label: 'Acme Kits Ltd' });
    await handler.remove({ actor: admin, value: added.value });
    await refusal(handler.add({ actor: admin, name: '' }));
    await refusal(handler.remove({ actor: admin, value: 'other' }));
    await refusal(handler.rename({ actor: admin, value: 'nope', label: 'X' }));
    expect(audited.map((e) => [e.action, e.target, e.before ?? null, e.after ?? null])).toEqual([
      ['manufacturer.added', { type: 'manufacturer', id: added.value, label: added.label }, null, { label: added.label }],
      ['manufacturer.renamed', { type: 'manufacturer', id: added.value, label: 'Acme Kits Ltd' }, { label: added.label }, { label: 'Acme Kits Ltd' }],
      ['manufacturer.removed', { type: 'manufacturer', id: added.value, label: 'Acme Kits Ltd' }, { label: 'Acme Kits Ltd' }, null],
    ]);
    for (const entry of audited) expect(entry.actor).toEqual(admin);
  });
});
