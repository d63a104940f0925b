import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, KitRegistration } from '@bleedkits/contracts';
import type { Clock } from '@bleedkits/platform';
import { type TestBed, createTestBed, exampleRegistration } from '@bleedkits/platform/testing';
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
  return exampleRegistration(overrides);
}
