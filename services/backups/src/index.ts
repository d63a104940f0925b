// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
// Its gauges on /metrics, read from this context's tables at scrape time (main.ts imports them too).
import './metrics/backup-metrics';
export { BackupsModule } from './backups.module';
export { readBackupsEnv } from './config/env';
/** The local Dropbox fake, for the gateway's e2e tests. */
export { startDropboxFake, type DropboxFake } from './providers/cloud-storage/testing/dropbox-fake';
