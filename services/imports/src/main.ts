import './tracing';
import { bootstrapService } from '@bleedkits/platform';
import { readImportsEnv } from './config/env';
import { ImportsModule } from './imports.module';

const env = readImportsEnv();
bootstrapService({ context: 'imports', module: ImportsModule.forRoot(env), natsUrl: env.NATS_URL, httpPort: env.SERVICE_HTTP_PORT }).catch(
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
