import './tracing';
import { bootstrapService } from '@bleedkits/platform';
import { readIdentityEnv } from './config/env';
import { IdentityModule } from './identity.module';

const env = readIdentityEnv();
bootstrapService({ context: 'identity', module: IdentityModule.forRoot(env), natsUrl: env.NATS_URL, httpPort: env.SERVICE_HTTP_PORT }).catch(
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
