// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
// Its gauges on /metrics, read from this context's tables at scrape time (main.ts imports them too).
import './metrics/reminder-run-metrics';
export { VerificationModule } from './verification.module';
export { readVerificationEnv } from './config/env';
