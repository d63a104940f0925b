import { AMBULANCE_SERVICES } from '../enums/ambulance-service';
import { DEPLOYMENT_STATUSES } from '../enums/deployment-status';
import { LOCATION_TYPES } from '../enums/location-type';
import { allDayAvailability, defaultAvailability, toAdminShape } from '../kits/availability';
import { type ControlRoomSource, controlRoomScheduleJson, toControlRoomKit } from './control-room-kit';

const AVAILABILITIES = [
  JSON.stringify(defaultAvailability()),
  JSON.stringify(allDayAvailability()),
  JSON.stringify(allDayAvailability(true)),
  JSON.stringify(toAdminShape(defaultAvailability())),
  'Mon-Fri 9-5 (written by hand before schedules existed)',
  null,
];
const NAMES = ['Village Hall', 'Caffi’r Orsaf — Ystafell “Gefn”', 'Back\\slash "quoted" <b>', 'Tab\tand\nnewline', '🩹 kit'];

function source(i: number): ControlRoomSource {
  return {
    id: 1000 + i,
    revision: 5000 + i * 7,
    locationName: NAMES[i % NAMES.length],
    addressLine1: `${i} High Street`,
    addressLine2: i % 3 === 0 ? null : 'Unit 2',
    city: 'Stretford',
    postcode: 'M32 0TH',
    latitude: 53.4457 + i / 1e5,
    longitude: -2.3087 - i / 3e5,
    what3words: i % 2 ? 'filled.count.soap' : null,
    detailedLocation: i % 4 === 0 ? null : 'Left of the main door',
    locationType: LOCATION_TYPES[i % LOCATION_TYPES.length],
    openingHours: '24/7',
    availability: AVAILABILITIES[i % AVAILABILITIES.length],
    cabinetCode: i % 5 === 0 ? null : `C${i}#`,
    ambulanceService: AMBULANCE_SERVICES[i % AMBULANCE_SERVICES.length],
    publicDisplay: i % 2 === 0,
    deploymentStatus: DEPLOYMENT_STATUSES[i % DEPLOYMENT_STATUSES.length],
    lastVerifiedAt: i % 3 === 1 ? null : '2026-05-31T23:30:00.000Z',
    expiryDate: '2029-02-28',
    updatedAt: '2026-11-23T10:15:00.123Z',
  };
}

describe(controlRoomScheduleJson.name, () => {
  it('is the schedule of toControlRoomKit as JSON, for every shape of stored availability, asked again and again', () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 12; i++) {
        const k = source(i);
        expect(controlRoomScheduleJson(k.availability)).toBe(JSON.stringify(toControlRoomKit(k, false).schedule));
      }
  });

  it('never carries a cabinet code for a scope without codes', () => {
    expect(toControlRoomKit(source(1), false)).not.toHaveProperty('cabinetCode');
    expect(toControlRoomKit(source(1), true).cabinetCode).toBe('C1#');
  });
});
