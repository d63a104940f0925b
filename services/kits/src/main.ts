import './tracing';
import './metrics/ambulance-feed-metrics';
import { bootstrapService } from '@bleedkits/platform';
import { readKitsEnv } from './config/env';
import { KitsModule } from './kits.module';

const env = readKitsEnv();
bootstrapService({ context: 'kits', module: KitsModule.forRoot(env), natsUrl: env.NATS_URL, httpPort: env.SERVICE_HTTP_PORT }).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
