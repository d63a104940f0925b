// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { BackupsModule } from './backups.module';
export { readBackupsEnv } from './config/env';
/** The local Dropbox fake, for the gateway's e2e tests. */
export { startDropboxFake, type DropboxFake } from './providers/cloud-storage/testing/dropbox-fake';
