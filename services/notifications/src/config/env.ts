import { readServiceEnv } from '@bleedkits/platform';

export function readNotificationsEnv(source: NodeJS.ProcessEnv = process.env) {
  return readServiceEnv(source);
}
export type NotificationsEnv = ReturnType<typeof readNotificationsEnv>;
