import './tracing';
import './metrics/outbox-metrics';
import { bootstrapService } from '@bleedkits/platform';
import { readNotificationsEnv } from './config/env';
import { NotificationsModule } from './notifications.module';

const env = readNotificationsEnv();
bootstrapService({
  context: 'notifications',
  module: NotificationsModule.forRoot(env),
  natsUrl: env.NATS_URL,
  httpPort: env.SERVICE_HTTP_PORT,
}).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
