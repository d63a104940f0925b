import { kitPorts } from '../../../test/handler-doubles';
import { ListManufacturersHandler } from './list-manufacturers.handler';

describe(ListManufacturersHandler.name, () => {
  it("answers the live list as options, in the stored order ('other' last)", async () => {
    const p = kitPorts();
    p.makes.push({ key: 'daniel_baird_foundation', label: 'Daniel Baird Foundation' }, { key: 'other', label: 'Other' });
    expect(await new ListManufacturersHandler(p.repository).execute()).toEqual([
      { value: 'daniel_baird_foundation', label: 'Daniel Baird Foundation' },
      { value: 'other', label: 'Other' },
    ]);
  });

  it('answers an empty list when there are none', async () => {
    expect(await new ListManufacturersHandler(kitPorts().repository).execute()).toEqual([]);
  });
});
