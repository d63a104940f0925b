import './tracing';
import './metrics/reminder-run-metrics';
import { bootstrapService } from '@bleedkits/platform';
import { readVerificationEnv } from './config/env';
import { VerificationModule } from './verification.module';

const env = readVerificationEnv();
bootstrapService({ context: 'verification', module: VerificationModule.forRoot(env), natsUrl: env.NATS_URL, httpPort: env.SERVICE_HTTP_PORT }).catch(
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
