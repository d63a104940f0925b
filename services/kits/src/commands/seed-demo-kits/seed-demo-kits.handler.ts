import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  allDayAvailability,
  defaultAvailability,
  defaultKitDates,
  detectAmbulanceService,
  openingHoursText,
  REGISTRATION_LOCATION_TYPES,
} from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KITS_ENV, type KitsEnv } from '../../config/env';

/** A few real town centres, so demo kits land where people live. */
const TOWNS: readonly [string, string, number, number][] = [
  ['London', 'SW1A 1AA', 51.5014, -0.1419],
  ['Manchester', 'M1 1AE', 53.4808, -2.2426],
  ['Birmingham', 'B1 1AA', 52.4862, -1.8904],
  ['Leeds', 'LS1 4AP', 53.7997, -1.5492],
  ['Glasgow', 'G2 1DU', 55.8609, -4.2514],
  ['Cardiff', 'CF10 1EP', 51.4816, -3.1791],
  ['Bristol', 'BS1 4DJ', 51.4545, -2.5879],
  ['Newcastle upon Tyne', 'NE1 7RU', 54.9783, -1.6178],
  ['Nottingham', 'NG1 5FS', 52.9548, -1.1581],
  ['Belfast', 'BT1 5GS', 54.5973, -5.9301],
  ['Edinburgh', 'EH1 1YZ', 55.9533, -3.1883],
  ['Brighton', 'BN1 1AA', 50.8225, -0.1372],
  ['Norwich', 'NR2 1NH', 52.6309, 1.2974],
  ['Exeter', 'EX1 1AA', 50.7184, -3.5339],
  ['Oxford', 'OX1 2JD', 51.752, -1.2577],
];

/** SEED_DEMO_KITS into an empty register at start, approved so the map has something to show. Idempotent: only when empty. */
@Injectable()
export class SeedDemoKitsHandler implements OnApplicationBootstrap {
  private readonly logger = new Logger('SeedDemoKits');

  constructor(
    private readonly kits: KitRepository,
    private readonly changed: KitChangedPublisher,
    @Inject(KITS_ENV) private readonly env: KitsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const n = this.env.SEED_DEMO_KITS;
    if (n <= 0) return;
    const { result } = await this.kits.write(async (m, firstRevision) => {
      // Inside the revision lock, so two replicas starting together seed once.
      if ((await this.kits.count()) > 0) return { count: 0, lastRevision: firstRevision };
      let lastRevision = firstRevision;
      const { purchaseDate, expiryDate } = defaultKitDates();
      for (let i = 0; i < n; i++) {
        const [city, postcode, lat, lng] = TOWNS[i % TOWNS.length];
        const type = REGISTRATION_LOCATION_TYPES[i % REGISTRATION_LOCATION_TYPES.length];
        const availability = type === 'building_limited' ? defaultAvailability() : allDayAvailability();
        // Spread within ~3 km of the centre, deterministically.
        const angle = i * 2.399963;
        const r = 0.005 + ((i * 7919) % 100) / 4000;
        const rev = i === 0 ? firstRevision : await this.kits.nextRevision(m);
        lastRevision = rev;
        await this.kits.insert(m, rev, {
          serialNumber: `DEMO-${String(i + 1).padStart(5, '0')}`,
          make: 'daniel_baird_foundation',
          otherMake: null,
          locationType: type,
          cabinetCode: type === 'locked_cabinet' ? String(1000 + ((i * 37) % 9000)) : null,
          locationName: `${city} demo kit ${Math.floor(i / TOWNS.length) + 1}`,
          addressLine1: `${1 + (i % 200)} High Street`,
          addressLine2: null,
          city,
          postcode,
          latitude: Math.round((lat + r * Math.cos(angle)) * 1e6) / 1e6,
          longitude: Math.round((lng + r * 1.6 * Math.sin(angle)) * 1e6) / 1e6,
          what3words: null,
          detailedLocation: 'Demo data: not a real kit',
          openingHours: openingHoursText(availability),
          availability: JSON.stringify(availability),
          purchaseDate,
          expiryDate,
          custodianName: 'Demo Custodian',
          custodianPhone: '01234 567890',
          custodianEmail: 'demo@example.org',
          ambulanceService: detectAmbulanceService({ postcode, city }),
          publicDisplay: true,
          manuallyChecked: true,
          ownerId: null,
          status: 'active',
        });
      }
      return { count: n, lastRevision };
    });
    if (result.count > 0) {
      this.changed.committed(result.lastRevision);
      this.logger.log({ msg: 'seeded demo kits', count: result.count });
    }
  }
}
