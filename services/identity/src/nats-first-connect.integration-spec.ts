import { IdentitySubjects } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { createTestDatabase, startTestNatsServer, startTestService } from '@bleedkits/platform/testing';
import { readIdentityEnv } from './config/env';
import { IdentityModule } from './identity.module';

/** ARCHITECTURE: a service started before NATS waits for it and then serves, with no restart. */
describe('a service started before NATS', () => {
  it('connects once NATS appears and answers requests', async () => {
    const nats = await startTestNatsServer();
    await nats.stop();
    const db = await createTestDatabase();
    const env = readIdentityEnv({ NODE_ENV: 'test', DATABASE_URL: db.url, NATS_URL: nats.url });
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
    }
  }, 30_000);
});
