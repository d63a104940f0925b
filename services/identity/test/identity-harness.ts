import type { INestMicroservice } from '@nestjs/common';
import { NatsBus } from '@bleedkits/platform';
import { type TestDatabase, type TestNatsServer, createTestDatabase, startTestNatsServer, startTestService } from '@bleedkits/platform/testing';
import { readIdentityEnv } from '../src/config/env';
import { IdentityModule } from '../src/identity.module';

export type IdentityHarness = { bus: NatsBus; nats: TestNatsServer; db: TestDatabase; service: INestMicroservice; close(): Promise<void> };

/** Boots the identity context on a fresh database and a private NATS, and a bus to talk to it. */
export async function startIdentity(extraEnv: Record<string, string> = {}): Promise<IdentityHarness> {
  const nats = await startTestNatsServer();
  const db = await createTestDatabase();
  const env = readIdentityEnv({ NODE_ENV: 'test', DATABASE_URL: db.url, NATS_URL: nats.url, ...extraEnv });
  const service = await startTestService('identity', IdentityModule.forRoot(env), nats.url);
  const bus = new NatsBus({ servers: nats.url, name: 'identity-test', requestTimeoutMs: 5000 });
  await bus.whenConnected();
  return {
    bus,
    nats,
    db,
    service,
    async close() {
      await bus.close();
      await service.close();
      await nats.stop();
      await db.drop();
    },
  };
}
