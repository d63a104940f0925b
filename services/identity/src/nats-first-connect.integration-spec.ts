import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import {
  TEST_REDIS_URL,
  createTestDatabase,
  deleteRedisKeys,
  startTestNatsServer,
  startTestService,
  testQueuePrefix,
} from '@bleedkits/platform/testing';
import { readIdentityEnv } from './config/env';
import { IdentityModule } from './identity.module';

/** ARCHITECTURE: a service started before NATS waits for it and then serves, with no restart. */
describe('a service started before NATS', () => {
  it('connects once NATS appears and answers requests', async () => {
    const nats = await startTestNatsServer();
    await nats.stop();
    const db = await createTestDatabase();
    // Queues of its own: identity's audit-retention scheduler must not share keys with other files' services.
    const queuePrefix = testQueuePrefix();
    const env = readIdentityEnv({ NODE_ENV: 'test', DATABASE_URL: db.url, NATS_URL: nats.url, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: queuePrefix });
    const starting = startTestService('identity', IdentityModule.forRoot(env), nats.url);
    await new Promise((r) => setTimeout(r, 1500));
    await nats.start();
    const service = await starting;
    const bus = new NatsBus({ servers: nats.url, name: 'late-nats-test', requestTimeoutMs: 5000 });
    try {
      await bus.whenConnected();
      const { user } = await bus.request(IdentitySubjects.register, {
        email: 'late@example.org',
        password: 'Str0ng!pass',
        firstName: 'La',
        lastName: 'Te',
      });
      expect(user.email).toBe('late@example.org');
    } finally {
      await bus.close();
      await service.close();
      await nats.stop();
      await db.drop();
      await deleteRedisKeys(queuePrefix);
    }
    // Boot (migrations, queues) after NATS appears, the readiness wait (10 s at most) and one request: a loaded CI
    // run once needed more than Jest's 30 s.
  }, 60_000);
});
