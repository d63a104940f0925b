import { ErrorCode, MATCHES_PER_KEY_MAX, MATCH_KEYS_MAX, type MatchableKit } from '@bleedkits/contracts';
import type { ComparisonCandidatesRepository } from '../../database/comparison-candidates.repository';
import { refusal, someone } from '../../../test/handler-doubles';
import { MatchForComparisonHandler } from './match-for-comparison.handler';

describe(MatchForComparisonHandler.name, () => {
  const admin = someone('admin');
  const candidate = (id: number) => ({ id, serialNumber: `S-${id}` }) as MatchableKit;

  function setup(found: MatchableKit[] = []) {
    const asked: { serials: string[]; locations: { name: string; postcode: string }[]; perKey: number }[] = [];
    const candidates = {
      byKeys: async (serials: string[], locations: { name: string; postcode: string }[], perKey: number) => {
        asked.push({ serials, locations, perKey });
        return found;
      },
    };
    return { asked, handler: new MatchForComparisonHandler(candidates as unknown as ComparisonCandidatesRepository) };
  }

  it('asks once per key as the comparison writes it, a few kits per key', async () => {
    const { asked, handler } = setup();
    await handler.execute({
      actor: admin,
      serialNumbers: [' ab-1 ', 'AB-1', '', 'cd-2'],
      locations: [
        { locationName: ' Town  Hall ', postcode: 'wa14 1pf' },
        { locationName: 'town hall', postcode: 'WA141PF' },
        { locationName: 'No Postcode', postcode: '' },
      ],
    });
    expect(asked).toEqual([{ serials: ['AB-1', 'CD-2'], locations: [{ name: 'town hall', postcode: 'WA141PF' }], perKey: MATCHES_PER_KEY_MAX }]);
  });

  it('answers each kit once, by id, when it matched both ways', async () => {
    const { handler } = setup([candidate(9), candidate(2), candidate(9)]);
    const { kits } = await handler.execute({ actor: admin, serialNumbers: ['S-9', 'S-2'], locations: [] });
    expect(kits.map((k) => k.id)).toEqual([2, 9]);
  });

  it(`is for admins only, and refuses more than ${MATCH_KEYS_MAX} keys without asking`, async () => {
    const { asked, handler } = setup();
    expect((await refusal(handler.execute({ actor: someone(), serialNumbers: ['X'], locations: [] }))).code).toBe(ErrorCode.Forbidden);
    const many = Array.from({ length: MATCH_KEYS_MAX + 1 }, (_, i) => `S-${i}`);
    expect(await refusal(handler.execute({ actor: admin, serialNumbers: many, locations: [] }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [`At most ${MATCH_KEYS_MAX} keys per request`],
    });
    expect(asked).toEqual([]);
  });
});
