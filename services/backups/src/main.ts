import './tracing';
import './metrics/backup-metrics';
import { bootstrapService } from '@bleedkits/platform';
import { readBackupsEnv } from './config/env';
import { BackupsModule } from './backups.module';

const env = readBackupsEnv();
bootstrapService({ context: 'backups', module: BackupsModule.forRoot(env), natsUrl: env.NATS_URL, httpPort: env.SERVICE_HTTP_PORT }).catch(
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
