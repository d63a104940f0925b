// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { KitsModule } from './kits.module';
export { readKitsEnv } from './config/env';
