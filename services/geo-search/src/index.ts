// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { GeoSearchModule } from './geo-search.module';
export { readGeoSearchEnv } from './config/env';
