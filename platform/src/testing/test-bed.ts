import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import type { ServiceContext } from '@bleedkits/contracts';
import { NatsBus } from '../nats/nats-bus';
import { type TestDatabase, createTestDatabase } from './database';
import { type TestNatsServer, startTestNatsServer } from './nats-server';
import { TEST_REDIS_URL, deleteRedisKeys, testQueuePrefix } from './redis';
import { startTestService } from './service-harness';

export type TestBed = {
  nats: TestNatsServer;
  db: TestDatabase;
  /** A client on the private NATS, to drive contexts through their subjects. */
  bus: NatsBus;
  /** The environment every context of this bed shares (database, NATS, Redis with a queue prefix of its own, NODE_ENV=test). */
  env: Record<string, string>;
  /** Boots one context in-process in its queue group; closed with the bed. */
  start(context: ServiceContext, module: Type<unknown> | DynamicModule): Promise<INestMicroservice>;
  close(): Promise<void>;
};

/** One test file's world: a private nats-server, a fresh database, a bus, and the contexts it starts. */
export async function createTestBed(name: string, requestTimeoutMs = 5000): Promise<TestBed> {
  const nats = await startTestNatsServer();
  const db = await createTestDatabase();
  const bus = new NatsBus({ servers: nats.url, name, requestTimeoutMs });
  await bus.whenConnected();
  const services: INestMicroservice[] = [];
  const queuePrefix = testQueuePrefix();
  return {
    nats,
    db,
    bus,
    env: { NODE_ENV: 'test', DATABASE_URL: db.url, NATS_URL: nats.url, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: queuePrefix },
    async start(context, module) {
      const ms = await startTestService(context, module, nats.url);
      services.push(ms);
      return ms;
    },
    async close() {
      await bus.close();
      // A test may already have closed one (a replica it stopped on purpose); closing again is harmless.
      for (const s of services.reverse()) await s.close().catch(() => undefined);
      await nats.stop();
      await db.drop();
      await deleteRedisKeys(queuePrefix).catch(() => undefined);
    },
  };
}
