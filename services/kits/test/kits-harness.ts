import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, KitRegistration } from '@bleedkits/contracts';
import type { Clock } from '@bleedkits/platform';
import { type TestBed, createTestBed } from '@bleedkits/platform/testing';
import { readKitsEnv } from '../src/config/env';
import { KitsModule } from '../src/kits.module';

export type KitsHarness = TestBed & { service: INestMicroservice };

/** Boots the kits context on a fresh database and a private NATS, with a bus to drive it through its subjects. */
export async function startKits(extraEnv: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<KitsHarness> {
  const bed = await createTestBed('kits-test');
  const service = await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off', ...extraEnv }), options));
  return { ...bed, service };
}

export function actor(role: 'admin' | 'user' = 'user'): Actor {
  const id = randomUUID();
  return { id, role, email: `${role}-${id.slice(0, 8)}@example.org` };
}

/** A registration that passes every rule; tests override what they exercise. */
export function validKit(overrides: Partial<KitRegistration> = {}): KitRegistration {
  return {
    serialNumber: 'DBF-2024-0001',
    make: 'daniel_baird_foundation',
    locationType: 'unlocked_cabinet',
    locationName: 'Village Hall',
    addressLine1: '1 Church Lane',
    city: 'Altrincham',
    postcode: 'wa15 8fh',
    latitude: '53.384092',
    longitude: '-2.337856',
    purchaseDate: '2025-01-10',
    expiryDate: '2028-01-10',
    custodianName: 'Jo Custodian',
    custodianPhone: '01612345678',
    custodianEmail: 'jo@example.org',
    ...overrides,
  };
}
