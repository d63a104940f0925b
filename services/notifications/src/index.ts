// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
// Its gauges on /metrics, read from this context's tables at scrape time (main.ts imports them too).
import './metrics/outbox-metrics';
export { NotificationsModule } from './notifications.module';
export { readNotificationsEnv } from './config/env';
