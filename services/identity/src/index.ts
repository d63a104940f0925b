// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { IdentityModule } from './identity.module';
export { readIdentityEnv } from './config/env';
/** argon2 verifications run by this process (tests of the gateway's sign-in throttle count them). */
export { passwordVerifications } from './passwords/password-hasher';
