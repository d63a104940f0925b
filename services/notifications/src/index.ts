// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { NotificationsModule } from './notifications.module';
export { readNotificationsEnv } from './config/env';
