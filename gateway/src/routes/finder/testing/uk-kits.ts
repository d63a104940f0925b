import { readFileSync } from 'node:fs';
import { seededRandom, sharedDataPath } from '@bleedkits/platform/testing';
import type { SeedKit } from './seed-kits';

const OUTCODES_CSV = sharedDataPath('gibbs-uk-outcodes', 'postcodes.csv');

const SITES = [
  'Community Centre',
  'Leisure Centre',
  'Library',
  'Arms',
  'Town Hall',
  'Railway Station',
  'Parish Church',
  'Co-op',
  'Primary School',
  'Village Hall',
  'Cricket Club',
  'Shopping Centre',
  'Pharmacy',
  'Fire Station',
  'Surgery',
  'Bus Station',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Street',
  'Main Street',
  'Park Road',
  'London Road',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
  'Church Lane',
  'Market Place',
  'Queen Street',
  'Mill Lane',
  'The Green',
];
const DETAILS = [
  'On the outside wall by the front door',
  'Inside the main entrance, on the left',
  'Behind the reception desk',
  'In the yellow cabinet beside the car park',
  'Next to the defibrillator',
  null,
  null,
  null,
];
const HOURS = [
  ['unlocked_cabinet', '24/7'],
  ['unlocked_cabinet', '24/7'],
  ['unlocked_cabinet', '24/7'],
  ['locked_cabinet', '24/7'],
  ['locked_cabinet', '24/7'],
  ['building_247', '24/7'],
  ['building_limited', 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun'],
  ['building_limited', 'Mon-Sat: 08:00-22:00; Sun: 10:00-16:00'],
  ['building_limited', 'Mon-Fri: 08:30-15:30; Closed: Sat, Sun (Term time only)'],
  ['building_limited', 'Mon-Thu: 11:00-23:00; Fri-Sat: 11:00-01:00; Sun: 12:00-22:30'],
] as const;
const WORDS = [
  'filled',
  'count',
  'soap',
  'index',
  'home',
  'raft',
  'table',
  'chair',
  'lamp',
  'river',
  'stone',
  'apple',
  'crisp',
  'brave',
  'quiet',
  'limit',
  'spoon',
  'tiger',
  'music',
  'paper',
  'green',
  'novel',
  'orbit',
  'plank',
];
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * `count` public kits spread over the UK's real postcode districts (gibbs-uk-outcodes, read from the shared data
 * folder), with the mix of names, addresses, hours, what3words and detail a national register holds, and private
 * custodian details that must never show.
 */
export function syntheticUkKits(count: number, seed = 20261121): SeedKit[] {
  const [, ...rows] = readFileSync(OUTCODES_CSV, 'utf8').trim().split('\n');
  const districts = rows
    .map((r) => r.split(','))
    .map((c) => ({ outward: c[0].toUpperCase(), lat: Number(c[3]), lng: Number(c[4]), town: c[5] || c[6] }))
    .filter((d) => Number.isFinite(d.lat) && Number.isFinite(d.lng) && d.lat !== 0);
  const r = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const kits: SeedKit[] = [];
  for (let i = 0; i < count; i++) {
    const d = pick(districts);
    const [type, hours] = pick(HOURS);
    kits.push({
      locationName: `${d.town} ${pick(SITES)}`,
      addressLine1: `${1 + Math.floor(r() * 250)} ${pick(STREETS)}`,
      city: d.town,
      postcode: `${d.outward} ${1 + Math.floor(r() * 9)}${pick(LETTERS.split(''))}${pick(LETTERS.split(''))}`,
      latitude: Math.round((d.lat + (r() - 0.5) * 0.04) * 1e6) / 1e6,
      longitude: Math.round((d.lng + (r() - 0.5) * 0.06) * 1e6) / 1e6,
      locationType: type,
      openingHours: hours,
      what3words: r() < 0.3 ? `${pick(WORDS)}.${pick(WORDS)}.${pick(WORDS)}` : null,
      detailedLocation: pick(DETAILS),
      custodianName: `Custodian Privatename${i}`,
      custodianEmail: `custodian${i}@private.example`,
      custodianPhone: `07700 ${String(900000 + (i % 100000)).padStart(6, '0')}`,
      cabinetCode: type === 'locked_cabinet' ? `C${i}-${Math.floor(r() * 9000) + 1000}` : null,
    });
  }
  return kits;
}
