import { ComparisonMessages, ComparisonReasons, ErrorCode, MATCH_KEYS_MAX, type MatchKitsRequest, type MatchableKit } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { answeringBus, codedRefusal } from '@bleedkits/platform/testing';
import type { ImportsEnv } from '../../config/env';
import { KitsClient } from '../../kits/kits.client';
import { CompareCsvHandler } from './compare-csv.handler';

describe(CompareCsvHandler.name, () => {
  const admin = { id: 'admin-1', role: 'admin' as const, email: 'admin@example.org' };
  const kit = (k: Partial<MatchableKit> & { id: number }): MatchableKit =>
    ({
      status: 'approved',
      serialNumber: `SN-${k.id}`,
      locationName: `Hall ${k.id}`,
      postcode: 'SW1A 1AA',
      city: 'London',
      addressLine1: '1 Street',
      addressLine2: null,
      ...k,
    }) as MatchableKit;

  /** The kits context behind the real client: answers the kits whose serial or location was asked for. */
  const setup = (register: MatchableKit[]) => {
    const { bus, requests } = answeringBus({
      [KitsSubjects.matchForComparison]: (req) => {
        const { serialNumbers, locations } = req as MatchKitsRequest;
        return { kits: register.filter((k) => serialNumbers.includes(k.serialNumber) || locations.some((l) => l.locationName === k.locationName)) };
      },
    });
    const kits = new KitsClient(bus, { IMPORTS_KITS_TIMEOUT_MS: 4000 } as ImportsEnv);
    return { requests, handler: new CompareCsvHandler(kits) };
  };

  it('matches by serial number first, else by location name and postcode, listing the fields that differ', async () => {
    const { handler, requests } = setup([
      kit({ id: 1, serialNumber: 'SN-1', city: 'London' }),
      kit({ id: 2, locationName: 'Village Hall', postcode: 'AB1 2CD' }),
    ]);
    const res = await handler.execute({
      actor: admin,
      rows: [
        { 'Serial Number': ' SN-1 ', City: 'Leeds' },
        { 'Location Name': 'Village Hall', Postcode: 'AB1 2CD', City: 'London' },
        { 'Serial Number': 'SN-NEW' },
      ],
    });
    expect(res.matched.map((m) => [m.db_data.id, m.match_type])).toEqual([
      [1, 'serial_number'],
      [2, 'location_name_postcode'],
    ]);
    expect(res.matched[0].differences).toEqual([
      expect.objectContaining({ current: 'London', proposed: 'Leeds', reason: ComparisonReasons.differs }),
    ]);
    expect(res.matched[1].differences).toEqual([]);
    expect(res.unmatched_csv).toHaveLength(1);
    expect(requests).toEqual([expect.objectContaining({ subject: KitsSubjects.matchForComparison, timeoutMs: 4000 })]);
  });

  it('refuses anyone but an admin, and a part that is empty, too long or not rows, asking the register nothing', async () => {
    const { handler, requests } = setup([]);
    expect((await codedRefusal(handler.execute({ actor: { ...admin, role: 'user' }, rows: [{}] }))).code).toBe(ErrorCode.Forbidden);
    expect(await codedRefusal(handler.execute({ actor: admin, rows: [] }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [ComparisonMessages.noRows],
    });
    const tooMany = Array.from({ length: MATCH_KEYS_MAX / 2 + 1 }, () => ({}));
    expect((await codedRefusal(handler.execute({ actor: admin, rows: tooMany }))).errors).toEqual([
      `At most ${MATCH_KEYS_MAX / 2} rows per comparison request`,
    ]);
    expect((await codedRefusal(handler.execute({ actor: admin, rows: ['a,b' as never] }))).errors).toEqual([ComparisonMessages.unparseable]);
    expect(requests).toEqual([]);
  });
});
