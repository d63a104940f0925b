import type { INestMicroservice } from '@nestjs/common';
import { type TestBed, createTestBed } from '@bleedkits/platform/testing';
import { readIdentityEnv } from '../src/config/env';
import { IdentityModule } from '../src/identity.module';

export type IdentityHarness = TestBed & { service: INestMicroservice };

/** Boots the identity context on a fresh database and a private NATS, and a bus to talk to it. */
export async function startIdentity(extraEnv: Record<string, string> = {}): Promise<IdentityHarness> {
  const bed = await createTestBed('identity-test');
  const service = await bed.start('identity', IdentityModule.forRoot(readIdentityEnv({ ...bed.env, ...extraEnv })));
  return { ...bed, service };
}
