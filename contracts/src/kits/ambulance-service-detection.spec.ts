import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AMBULANCE_SERVICES } from '../enums/ambulance-service';
import {
  ambulanceServiceFromPostcode,
  ambulanceServiceFromText,
  detectAmbulanceService,
  resolveAmbulanceService,
} from './ambulance-service-detection';

const DATA = path.resolve(__dirname, '../../../../shared/data/samuel-book-ambulance');
const CODE_TO_SERVICE: Record<string, string> = {
  EMAS: 'east_midlands',
  EEAST: 'east_of_england',
  IWAS: 'south_central',
  LAS: 'london',
  NEAS: 'north_east',
  NWAS: 'north_west',
  SCAS: 'south_central',
  SECAmb: 'south_east_coast',
  WMAS: 'west_midlands',
  SWAS: 'south_western',
  WAST: 'welsh',
  YAS: 'yorkshire',
};

function csv(file: string): string[][] {
  return readFileSync(path.join(DATA, file), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));
}

describe(detectAmbulanceService.name, () => {
  it('detects one postcode of every service, with the Welsh SY15-25 rule and the Crown dependencies', () => {
    const cases: [string, string][] = [
      ['NG1 5FS', 'east_midlands'],
      ['CB2 1TN', 'east_of_england'],
      ['SW1A 1AA', 'london'],
      ['NE1 7RU', 'north_east'],
      ['M1 1AE', 'north_west'],
      ['OX1 2JD', 'south_central'],
      ['BN1 1AA', 'south_east_coast'],
      ['EX1 1AA', 'south_western'],
      ['B1 1AA', 'west_midlands'],
      ['LS1 4AP', 'yorkshire'],
      ['CF10 1EP', 'welsh'],
      ['SY16 1AA', 'welsh'],
      ['SY15 6AA', 'welsh'],
      ['SY25 6AA', 'welsh'],
      ['SY1 1AA', 'west_midlands'],
      ['EH1 1YZ', 'scottish'],
      ['G2 1DU', 'scottish'],
      ['BT1 5GS', 'northern_ireland'],
      ['IM1 1AA', 'isle_of_man_guernsey_jersey'],
      ['GY1 1AA', 'isle_of_man_guernsey_jersey'],
      ['JE2 4UH', 'isle_of_man_guernsey_jersey'],
    ];
    for (const [postcode, service] of cases) expect({ postcode, service: detectAmbulanceService({ postcode }) }).toEqual({ postcode, service });
    const covered = new Set(cases.map(([, s]) => s));
    expect(AMBULANCE_SERVICES.filter((s) => s !== 'unknown' && !covered.has(s))).toEqual([]);
  });

  it("falls back to London for an unlisted E/N/W/SE/SW prefix, then to the city, then the address, then 'unknown'", () => {
    expect(ambulanceServiceFromPostcode('WX9 9ZZ')).toBe('london');
    expect(ambulanceServiceFromPostcode('SEQ1 1AA')).toBe('london');
    expect(detectAmbulanceService({ postcode: 'ZZ', city: 'Leeds' })).toBe('yorkshire');
    expect(detectAmbulanceService({ postcode: '', city: 'Somewhere', addressLine1: '1 High St, Cardiff' })).toBe('welsh');
    expect(detectAmbulanceService({ postcode: 'X', city: 'Nowhere' })).toBe('unknown');
    // A postcode prefix beats the text.
    expect(detectAmbulanceService({ postcode: 'M1 1AE', city: 'Leeds' })).toBe('north_west');
    // Specific names before general ones.
    expect(ambulanceServiceFromText('Newport, Isle of Wight')).toBe('south_central');
    expect(ambulanceServiceFromText('Newport')).toBe('welsh');
  });

  it('keeps a chosen service and re-detects only an empty or unknown one', () => {
    expect(resolveAmbulanceService('scottish', { postcode: 'M1 1AE' })).toBe('scottish');
    expect(resolveAmbulanceService('unknown', { postcode: 'M1 1AE' })).toBe('north_west');
    expect(resolveAmbulanceService('', { postcode: 'M1 1AE' })).toBe('north_west');
  });

  it('agrees with the LSOA lookup for at least 97 % of English and Welsh sample postcodes', () => {
    const service = new Map(csv('lsoa_ambo21_lookup.csv').map(([, code, , ambo22]) => [code, CODE_TO_SERVICE[ambo22]]));
    let agree = 0;
    let total = 0;
    for (const [, code, , , postcode] of csv('lsoa_lat_long_postcodes.csv')) {
      const expected = service.get(code);
      if (!expected || !postcode || postcode.length < 5) continue;
      total++;
      if (ambulanceServiceFromPostcode(postcode) === expected) agree++;
    }
    expect(total).toBeGreaterThan(30_000);
    expect(agree / total).toBeGreaterThan(0.97);
  });
});
