// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { VerificationModule } from './verification.module';
export { readVerificationEnv } from './config/env';
export type { Clock } from './domain/clock';
