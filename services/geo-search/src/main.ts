import './tracing';
import { bootstrapService } from '@bleedkits/platform';
import { readGeoSearchEnv } from './config/env';
import { GeoSearchModule } from './geo-search.module';

const env = readGeoSearchEnv();
bootstrapService({ context: 'geo-search', module: GeoSearchModule.forRoot(env), natsUrl: env.NATS_URL, httpPort: env.SERVICE_HTTP_PORT }).catch(
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
