import { ErrorCode, ManufacturerMessages, type ManufacturerRow } from '@bleedkits/contracts';
import type { ManufacturerRepository } from '../../database/manufacturer.repository';
import { refusal, someone } from '../../../test/handler-doubles';
import { ManageManufacturersHandler } from './manage-manufacturers.handler';

/** The manufacturer table replaced by a map of key → label. */
function manufacturers(initial: Record<string, string>) {
  const rows = new Map(Object.entries(initial));
  const repo = {
    async listWithCounts(): Promise<ManufacturerRow[]> {
      return [...rows].map(([value, label]) => ({ value, label, kitCount: 0 }));
    },
    async insert(key: string, label: string) {
      if (rows.has(key)) return false;
      rows.set(key, label);
      return true;
    },
    async rename(key: string, label: string) {
      if (!rows.has(key)) return false;
      rows.set(key, label);
      return true;
    },
    async remove(key: string) {
      return rows.delete(key);
    },
  };
  return { rows, handler: new ManageManufacturersHandler(repo as unknown as ManufacturerRepository) };
}

describe(ManageManufacturersHandler.name, () => {
  const admin = someone('admin');

  it('is for admins only', async () => {
    const { handler } = manufacturers({});
    expect((await refusal(handler.list(someone()))).code).toBe(ErrorCode.Forbidden);
    expect((await refusal(handler.add(undefined, 'Acme'))).code).toBe(ErrorCode.Forbidden);
  });

  it('adds a normalised key once, and refuses an empty name or a duplicate', async () => {
    const { handler, rows } = manufacturers({ other: 'Other' });
    const added = await handler.add(admin, '  Acme Kits ');
    expect(rows.has(added.value)).toBe(true);
    expect(added.kitCount).toBe(0);
    expect((await refusal(handler.add(admin, 'Acme Kits'))).code).toBe(ErrorCode.Conflict);
    expect((await refusal(handler.add(admin, '   '))).errors).toEqual([ManufacturerMessages.nameRequired]);
    expect((await refusal(handler.add(admin, ['Acme']))).errors).toEqual([ManufacturerMessages.nameRequired]);
  });

  it("renames a label, removes a make, and never removes 'other'", async () => {
    const { handler, rows } = manufacturers({ other: 'Other', acme: 'Acme' });
    expect(await handler.rename(admin, 'acme', ' Acme Ltd ')).toMatchObject({ value: 'acme', label: 'Acme Ltd' });
    expect((await refusal(handler.rename(admin, 'nope', 'X'))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.rename(admin, 'acme', ''))).errors).toEqual([ManufacturerMessages.nameRequired]);
    expect((await refusal(handler.remove(admin, 'other'))).errors).toEqual([ManufacturerMessages.otherProtected]);
    expect((await handler.remove(admin, 'acme')).message).toMatch(/removed/);
    expect(rows.has('acme')).toBe(false);
    expect((await refusal(handler.remove(admin, 'acme'))).code).toBe(ErrorCode.NotFound);
  });
});
