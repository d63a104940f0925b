// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { IdentityModule } from './identity.module';
export { readIdentityEnv } from './config/env';
