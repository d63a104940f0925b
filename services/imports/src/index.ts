// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { ImportsModule } from './imports.module';
export { readImportsEnv } from './config/env';
