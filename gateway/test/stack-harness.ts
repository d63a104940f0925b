import type { INestMicroservice } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { type ServiceContext, SERVICE_CONTEXTS } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import {
  TEST_REDIS_URL,
  type TestDatabase,
  type TestNatsServer,
  createTestDatabase,
  deleteRedisKeys,
  freePort,
  startTestNatsServer,
  startTestService,
  testQueuePrefix,
} from '@bleedkits/platform/testing';
import { BackupsModule, readBackupsEnv } from '@bleedkits/backups';
import { GeoSearchModule, readGeoSearchEnv } from '@bleedkits/geo-search';
import { IdentityModule, readIdentityEnv } from '@bleedkits/identity';
import { ImportsModule, readImportsEnv } from '@bleedkits/imports';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { NotificationsModule, readNotificationsEnv } from '@bleedkits/notifications';
import { VerificationModule, readVerificationEnv } from '@bleedkits/verification';
import { type Gateway, createGateway } from '../src/bootstrap/create-gateway';
import { readGatewayEnv } from '../src/config/env';

export const ADMIN = { email: 'admin@register.test', password: 'Adm1n!Password' };

/**
 * What a beforeAll that boots a stack is given instead of a test's timeout: on CI's two cores, beside the other Jest
 * worker, the full stack once took longer than a test may, and a slow boot was reported as failed tests. A slow
 * context is named on stderr; one that never answers still fails on its own (startTestService's wait for its health
 * subject).
 */
export const STACK_BOOT_TIMEOUT_MS = 120_000;

export type Stack = {
  baseUrl: string;
  nats: TestNatsServer;
  db: TestDatabase;
  gateway: Gateway;
  services: Map<ServiceContext, INestMicroservice>;
  /** The environment the contexts share (database, NATS, Redis and this stack's queue prefix). */
  env: Record<string, string>;
  stopService(context: ServiceContext): Promise<void>;
  /** Starts a context again after stopService (same database, NATS and environment). */
  startService(context: ServiceContext): Promise<void>;
  close(): Promise<void>;
};

function moduleFor(context: ServiceContext, env: Record<string, string>) {
  switch (context) {
    case 'identity':
      return IdentityModule.forRoot(readIdentityEnv({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));
    case 'kits':
      return KitsModule.forRoot(readKitsEnv(env));
    case 'geo-search':
      return GeoSearchModule.forRoot(readGeoSearchEnv(env));
    case 'verification':
      return VerificationModule.forRoot(readVerificationEnv(env));
    case 'imports':
      return ImportsModule.forRoot(readImportsEnv(env));
    case 'notifications':
      return NotificationsModule.forRoot(readNotificationsEnv(env));
    case 'backups':
      return BackupsModule.forRoot(readBackupsEnv(env));
  }
}

/**
 * The real stack in one process: chosen contexts as NATS microservices on a private nats-server and a fresh
 * database, and the HTTP gateway on a free port with its own Redis key namespace.
 */
export async function startStack(
  options: {
    contexts?: readonly ServiceContext[];
    gatewayEnv?: Record<string, string>;
    /** Extra environment per context (an SMTP peer's URL, a provider fake's base URL, ...). */
    serviceEnv?: Partial<Record<ServiceContext, Record<string, string>>>;
    /** NATS started by the test (a cluster from startTestNatsCluster: its url names every server); closed with the stack. */
    nats?: TestNatsServer;
  } = {},
): Promise<Stack> {
  const nats = options.nats ?? (await startTestNatsServer());
  const db = await createTestDatabase();
  const queuePrefix = testQueuePrefix();
  const env = { NODE_ENV: 'test', DATABASE_URL: db.url, NATS_URL: nats.url, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: queuePrefix };
  const services = new Map<ServiceContext, INestMicroservice>();
  for (const context of options.contexts ?? SERVICE_CONTEXTS) {
    const started = Date.now();
    services.set(context, await startTestService(context, moduleFor(context, { ...env, ...options.serviceEnv?.[context] }), nats.url));
    if (Date.now() - started > 5000) process.stderr.write(`test stack: ${context} took ${Date.now() - started} ms to boot\n`);
  }
  const port = await freePort();
  const gateway = await createGateway(
    readGatewayEnv({
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      NATS_URL: nats.url,
      REDIS_KEY_PREFIX: `bk-test-${randomBytes(4).toString('hex')}:`,
      SERVE_WEB: 'false',
      NATS_REQUEST_TIMEOUT_MS: '2000',
      // A stopped context is reported at once (NATS answers 'no responders'); a context on two busy cores (another
      // suite building the web bundle) once took over a second to answer, and was reported down.
      HEALTH_TIMEOUT_MS: '5000',
      ...options.gatewayEnv,
    }),
    false,
  );
  await gateway.app.listen(port, '127.0.0.1');
  await gateway.app.get(NatsBus).whenConnected();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    nats,
    db,
    gateway,
    services,
    env,
    async stopService(context) {
      await services.get(context)?.close();
      services.delete(context);
    },
    async startService(context) {
      await services.get(context)?.close();
      services.set(context, await startTestService(context, moduleFor(context, { ...env, ...options.serviceEnv?.[context] }), nats.url));
    },
    async close() {
      await gateway.close();
      for (const s of services.values()) await s.close();
      await nats.stop();
      await db.drop();
      await deleteRedisKeys(queuePrefix).catch(() => undefined);
    },
  };
}
