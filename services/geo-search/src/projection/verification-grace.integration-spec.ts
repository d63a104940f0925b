import { randomUUID } from 'node:crypto';
import { DEPLOYMENT_STATUS_DISPLAY, type Kit, type Actor, addCalendarDays, kitDisplayStatus, londonToday } from '@bleedkits/contracts';
import { GeoSearchSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { type TestBed, createTestBed, readUntil, runningClock } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { readGeoSearchEnv } from '../config/env';
import { decodeReply } from '../transport/reply-frame';
import { GeoSearchModule } from '../geo-search.module';

const actor = (role: 'admin' | 'user'): Actor => ({ id: randomUUID(), role, email: `${role}@example.org` });

/**
 * The public status of a kit is derived from its due day when geo-search reads it: a kit overdue by more than the
 * grace days turns 'Needs Verification' on the map as the clock passes the day, with no write of the kit.
 */
describe('geo-search: verification status at read time', () => {
  let bed: TestBed;
  const clock = runningClock();
  const owner = actor('user');
  const admin = actor('admin');

  beforeAll(async () => {
    bed = await createTestBed('geo-grace-test', 10_000);
    await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off', IDENTITY_REQUEST_TIMEOUT_MS: '100' })));
    const env = readGeoSearchEnv({
      ...bed.env,
      POSTCODES_IO_BASE_URL: 'off',
      GEO_CATCHUP_INTERVAL_MS: '200',
      VERIFICATION_GRACE_DAYS: '30',
      GEO_PROJECTION_SNAPSHOT_BUCKET: 'off',
    });
    await bed.start('geo-search', GeoSearchModule.forRoot(env, { clock }));
  });
  afterAll(async () => bed?.close());

  const listing = async (kit: Kit): Promise<{ id: number; deploymentStatus: string; verificationStatus: string } | undefined> => {
    const reply = decodeReply(
      await bed.bus.requestRaw(
        GeoSearchSubjects.nearby,
        Buffer.from(JSON.stringify({ lat: kit.latitude, lng: kit.longitude, radius: 1, limit: 100 })),
        10_000,
      ),
    );
    if (!reply.ok) return undefined;
    return (JSON.parse(Buffer.from(reply.body).toString('utf8')) as { id: number; deploymentStatus: string; verificationStatus: string }[]).find(
      (k) => k.id === kit.id,
    );
  };
  const head = async () => {
    let page = await bed.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1000 });
    while (page.hasMore) page = await bed.bus.request(KitsSubjects.changes, { afterRevision: page.lastRevision, limit: 1000 });
    return page.lastRevision;
  };

  it("turns an overdue kit 'Needs Verification' once the grace days pass, without a write of the kit", async () => {
    const registered = await bed.bus.request(KitsSubjects.register, {
      actor: owner,
      kit: {
        serialNumber: 'GRACE-1',
        make: 'mere',
        locationType: 'unlocked_cabinet',
        locationName: 'Grace Hall',
        addressLine1: '1 Grace Road',
        city: 'Altrincham',
        postcode: 'WA14 1PF',
        latitude: '53.3875',
        longitude: '-2.349',
        purchaseDate: '2025-01-01',
        expiryDate: '2028-01-01',
        custodianName: 'Grace Custodian',
        custodianPhone: '01619125920',
        custodianEmail: 'grace@example.org',
      },
    });
    const kit = await bed.bus.request(KitsSubjects.approve, { actor: admin, kitId: registered.id });
    // Overdue by ten days: within the grace days the map still shows it available.
    await bed.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: admin, dueDate: addCalendarDays(londonToday(), -10) });
    const within = await readUntil(
      () => listing(kit),
      (l) => l?.verificationStatus === 'due_soon',
      5_000,
    );
    expect(DEPLOYMENT_STATUS_DISPLAY[kitDisplayStatus(within!)].label).toBe('Available');
    const revision = await head();

    clock.advanceDays(21); // now overdue by 31 days
    const after = await readUntil(
      () => listing(kit),
      (l) => l?.verificationStatus === 'overdue',
      5_000,
    );
    expect(after!.deploymentStatus).toBe('available');
    expect(DEPLOYMENT_STATUS_DISPLAY[kitDisplayStatus(after!)].label).toBe('Needs Verification');
    expect(await head()).toBe(revision);
  });
});
