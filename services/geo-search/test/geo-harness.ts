import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type GeoReplyFrame, type Kit, type Actor, type KitRegistration, type ServiceErrorBody } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { type NatsBus } from '@bleedkits/platform';
import { type TestDatabase, type TestNatsServer, createTestBed } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { readGeoSearchEnv } from '../src/config/env';
import { GeoSearchModule } from '../src/geo-search.module';
import { HotQueryServer } from '../src/transport/hot-query-server';
import { decodeReply } from '../src/transport/reply-frame';

export type Asked = { ok: boolean; json: any; error: ServiceErrorBody | null; text: string; frame: GeoReplyFrame };

/** A reply frame read for a test: its body as text and JSON, or its coded error. */
export function asked(frame: GeoReplyFrame): Asked {
  if (!frame.ok) return { ok: false, json: null, error: frame.error, text: '', frame };
  const text = Buffer.from(frame.body).toString('utf8');
  return { ok: true, json: JSON.parse(text), error: null, text, frame };
}

export type GeoHarness = {
  bus: NatsBus;
  nats: TestNatsServer;
  db: TestDatabase;
  kits: INestMicroservice;
  replicas: INestMicroservice[];
  /** Starts one more geo-search replica in the queue group and waits for its first index. */
  startReplica(env?: Record<string, string>): Promise<INestMicroservice>;
  /** One raw request through the bus, as the gateway makes it: the answer's JSON, or its coded error. */
  ask(subject: string, params: unknown): Promise<Asked>;
  close(): Promise<void>;
};

/** Boots kits and geo-search on a fresh database and a private NATS; tests drive kits through its subjects. */
export async function startGeoSearch(replicaEnv: Record<string, string> = {}): Promise<GeoHarness> {
  const bed = await createTestBed('geo-search-test', 10_000);
  const { nats, db, bus, env: base } = bed;
  const kits = await bed.start(
    'kits',
    KitsModule.forRoot(readKitsEnv({ ...base, POSTCODES_IO_BASE_URL: 'off', IDENTITY_REQUEST_TIMEOUT_MS: '100' })),
  );
  const replicas: INestMicroservice[] = [];
  const h: GeoHarness = {
    bus,
    nats,
    db,
    kits,
    replicas,
    async startReplica(env = {}) {
      const ms = await bed.start(
        'geo-search',
        GeoSearchModule.forRoot(
          readGeoSearchEnv({ ...base, POSTCODES_IO_BASE_URL: 'off', GEO_PROJECTION_SNAPSHOT_BUCKET: 'off', ...replicaEnv, ...env }),
        ),
      );
      replicas.push(ms);
      // Its first index is built and it has joined the queue group (it answers no query before).
      await waitFor(() => ms.get(HotQueryServer).isListening, 10_000);
      return ms;
    },
    async ask(subject, params) {
      return asked(decodeReply(await bus.requestRaw(subject, Buffer.from(JSON.stringify(params)), 10_000)));
    },
    close: () => bed.close(),
  };
  return h;
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 20): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export function actor(role: 'admin' | 'user' = 'user'): Actor {
  const id = randomUUID();
  return { id, role, email: `${role}-${id.slice(0, 8)}@example.org` };
}

export const CUSTODIAN = { custodianName: 'Priya Custodian-Secret', custodianPhone: '07700 900123', custodianEmail: 'priya.secret@example.org' };

export function kitAt(lat: number, lng: number, overrides: Partial<KitRegistration> = {}): KitRegistration {
  return {
    serialNumber: 'DBF-2025-1000',
    make: 'daniel_baird_foundation',
    locationType: 'locked_cabinet',
    cabinetCode: 'C-9731',
    locationName: 'Test Kit',
    addressLine1: '1 High Street',
    city: 'Altrincham',
    postcode: 'WA14 1EN',
    latitude: String(lat),
    longitude: String(lng),
    purchaseDate: '2025-01-10',
    expiryDate: '2028-01-10',
    ...CUSTODIAN,
    ...overrides,
  };
}

export async function registerKit(bus: NatsBus, who: Actor, kit: KitRegistration): Promise<Kit> {
  return bus.request(KitsSubjects.register, { actor: who, kit });
}
