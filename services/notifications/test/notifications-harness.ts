import type { INestMicroservice } from '@nestjs/common';
import { type TestBed, createTestBed } from '@bleedkits/platform/testing';
import { readNotificationsEnv } from '../src/config/env';
import { NotificationsModule } from '../src/notifications.module';

export type NotificationsHarness = TestBed & { service: INestMicroservice; envFor(extra?: Record<string, string>): Record<string, string> };

/** Quick retries for tests: an SMTP outage of a few seconds is ridden out in a few attempts. */
export const FAST_RETRY_ENV = { EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000', SMTP_TIMEOUT_MS: '3000' };

/** Boots the notifications context on a fresh database, a private NATS and its own queue prefix. */
export async function startNotifications(extraEnv: Record<string, string> = {}): Promise<NotificationsHarness> {
  const bed = await createTestBed('notifications-test');
  const envFor = (extra: Record<string, string> = {}) => ({ ...bed.env, ...FAST_RETRY_ENV, ...extraEnv, ...extra });
  const service = await bed.start('notifications', NotificationsModule.forRoot(readNotificationsEnv(envFor())));
  return { ...bed, service, envFor };
}
