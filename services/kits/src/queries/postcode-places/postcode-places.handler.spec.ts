import { ErrorCode, POSTCODE_PLACES_MAX } from '@bleedkits/contracts';
import type { PostcodeCentre, RegisterGazetteerRepository } from '../../database/register-gazetteer.repository';
import { refusal } from '../../../test/handler-doubles';
import { PostcodePlacesHandler } from './postcode-places.handler';

describe(PostcodePlacesHandler.name, () => {
  function setup(centres: PostcodeCentre[]) {
    const asked: string[][] = [];
    const gazetteer = { centresOf: async (postcodes: string[]) => (asked.push(postcodes), centres) };
    return { asked, handler: new PostcodePlacesHandler(gazetteer as unknown as RegisterGazetteerRepository) };
  }

  it('asks once for each full postcode, however written, and answers each centre under its normal form', async () => {
    const { asked, handler } = setup([{ postcode: 'WA14 1PF', latitude: 53.38, longitude: -2.35 }]);
    const answer = await handler.execute({ postcodes: ['wa141pf', ' WA14 1PF ', 'M1 1AE', 'WA14', 'not a postcode'] });
    expect(asked).toEqual([['WA141PF', 'M11AE']]);
    expect(answer).toEqual({ places: { 'WA14 1PF': { latitude: 53.38, longitude: -2.35 } } });
  });

  it('answers nothing without asking when no full postcode is given', async () => {
    const { asked, handler } = setup([]);
    expect(await handler.execute({ postcodes: ['WA14', ''] })).toEqual({ places: {} });
    expect(await handler.execute(undefined as never)).toEqual({ places: {} });
    expect(asked).toEqual([]);
  });

  it(`refuses more than ${POSTCODE_PLACES_MAX} postcodes in one request`, async () => {
    const { asked, handler } = setup([]);
    const many = Array.from(
      { length: POSTCODE_PLACES_MAX + 1 },
      (_, i) => `M${(i % 99) + 1} ${i % 10}${'ABDEFGHJLN'[i % 10]}${'PQRSTUWXYZ'[Math.floor(i / 10) % 10]}`,
    );
    expect(new Set(many).size).toBe(POSTCODE_PLACES_MAX + 1);
    expect(await refusal(handler.execute({ postcodes: many }))).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(asked).toEqual([]);
  });
});
