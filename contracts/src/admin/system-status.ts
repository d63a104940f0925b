import type { DropboxConnectionMode } from '../backups/dropbox-connection';
import { FEED_PUSH_RETRY_HOURS } from '../ambulance-feed/feed-push';

/**
 * /admin/status: whether backups, cloud copies, e-mail, reminder runs and the ambulance feeds are healthy, in words.
 * Each context answers a small query with its own facts; this one rule turns them into green / amber / red items,
 * for the gateway's page and for the admins' alert e-mail alike. The limits are those of the alert rules.
 */
export const STATUS_LIMITS = {
  backupMaxAgeHours: 26,
  cloudCopyMaxAgeHours: 26,
  mailQueuedMaxMinutes: 30,
  mailFailureWindowHours: 24,
  reminderRunMaxAgeHours: 26,
  feedKeySilentHours: 24,
} as const;

/** backups.qry.status-facts.v1 */
export type BackupStatusFacts = {
  lastGoodBackupAt: string | null;
  lastFailedBackupAt: string | null;
  lastBackupError: string | null;
  cloud: {
    mode: DropboxConnectionMode;
    broken: boolean;
    connectedAt: string | null;
    lastCopyAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
  };
};

/** notifications.qry.status-facts.v1 */
export type MailStatusFacts = {
  /** Messages that failed for good within STATUS_LIMITS.mailFailureWindowHours. */
  failedRecently: number;
  lastFailureAt: string | null;
  lastFailure: string | null;
  /** Waiting to be sent: queued or being tried. */
  queued: number;
  oldestQueuedAt: string | null;
};

/** verification.qry.status-facts.v1 */
export type ReminderRunFacts = { lastFinishedAt: string | null; lastStartedAt: string | null };

/** kits.qry.status-facts.v1: the feed keys not revoked (a handful: one or a few per ambulance service). */
/**
 * Each feed key not revoked. `lastUsedAt`: its last pull or the last push batch its receiver took, whichever is later.
 * `pushPausedAt` / `pushError`: its push subscription was paused after FEED_PUSH_RETRY_HOURS of failed deliveries.
 */
export type FeedKeyFacts = {
  keys: {
    id: string;
    label: string;
    scope: string;
    createdAt: string;
    lastUsedAt: string | null;
    pushPausedAt?: string;
    pushError?: string | null;
  }[];
};

export type StatusFacts = {
  backups: BackupStatusFacts | null;
  mail: MailStatusFacts | null;
  reminders: ReminderRunFacts | null;
  feeds: FeedKeyFacts | null;
};

export const STATUS_LEVELS = ['green', 'amber', 'red'] as const;
export type StatusLevel = (typeof STATUS_LEVELS)[number];
export const STATUS_ITEM_IDS = ['backups', 'cloud_copies', 'email', 'reminder_runs', 'ambulance_feeds'] as const;
export type StatusItemId = (typeof STATUS_ITEM_IDS)[number];

export const STATUS_ITEM_TITLES: Readonly<Record<StatusItemId, string>> = {
  backups: 'Backups',
  cloud_copies: 'Cloud copies (Dropbox)',
  email: 'E-mail',
  reminder_runs: 'Reminder runs',
  ambulance_feeds: 'Ambulance service feeds',
};

export const STATUS_LEVEL_LABELS: Readonly<Record<StatusLevel, string>> = { green: 'Healthy', amber: 'Needs attention', red: 'Failing' };

export type StatusItem = { id: StatusItemId; title: string; level: StatusLevel; reason: string };
/** GET /api/admin/status */
export type SystemStatus = { checkedAt: string; level: StatusLevel; items: StatusItem[] };

const HOUR = 3_600_000;

/** "3 hours", "2 days", "25 minutes": how long ago, in words. */
export function durationInWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const since = (iso: string, now: Date) => now.getTime() - new Date(iso).getTime();
const ago = (iso: string, now: Date) => `${durationInWords(since(iso, now))} ago`;
const unknown = (what: string): Omit<StatusItem, 'id' | 'title'> => ({
  level: 'amber',
  reason: `Could not be checked: the ${what} service did not answer.`,
});

function backupsItem(f: BackupStatusFacts | null, now: Date): Omit<StatusItem, 'id' | 'title'> {
  if (!f) return unknown('backups');
  const failed = f.lastFailedBackupAt && (!f.lastGoodBackupAt || f.lastFailedBackupAt > f.lastGoodBackupAt);
  const failure = failed ? ` The last backup failed ${ago(f.lastFailedBackupAt!, now)}: ${f.lastBackupError ?? 'no reason recorded'}` : '';
  if (!f.lastGoodBackupAt) return { level: 'red', reason: `No backup has succeeded yet.${failure}` };
  if (since(f.lastGoodBackupAt, now) > STATUS_LIMITS.backupMaxAgeHours * HOUR)
    return {
      level: 'red',
      reason: `The last good backup was ${ago(f.lastGoodBackupAt, now)} (more than ${STATUS_LIMITS.backupMaxAgeHours} hours).${failure}`,
    };
  if (failed) return { level: 'amber', reason: `The last good backup was ${ago(f.lastGoodBackupAt, now)}.${failure}` };
  return { level: 'green', reason: `The last good backup was ${ago(f.lastGoodBackupAt, now)}.` };
}

function cloudItem(f: BackupStatusFacts | null, now: Date): Omit<StatusItem, 'id' | 'title'> {
  if (!f) return unknown('backups');
  const c = f.cloud;
  const lastError =
    c.lastError && c.lastErrorAt && (!c.lastCopyAt || c.lastErrorAt > c.lastCopyAt) ? ` Last error ${ago(c.lastErrorAt, now)}: ${c.lastError}` : '';
  if (c.mode === 'none') return { level: 'amber', reason: 'Dropbox is not connected: backups are kept on this server only.' };
  if (c.broken) return { level: 'red', reason: `Dropbox no longer accepts the connection: connect Dropbox again on the backups page.${lastError}` };
  const copied = c.lastCopyAt ? `The last copy reached Dropbox ${ago(c.lastCopyAt, now)}.` : 'No backup has reached Dropbox yet.';
  const reference = c.lastCopyAt ?? c.connectedAt;
  if (reference && since(reference, now) > STATUS_LIMITS.cloudCopyMaxAgeHours * HOUR)
    return { level: 'red', reason: `${copied} None in the last ${STATUS_LIMITS.cloudCopyMaxAgeHours} hours.${lastError}` };
  if (c.mode === 'legacy_token')
    return { level: 'amber', reason: `${copied} The pasted access token may expire: connect Dropbox instead.${lastError}` };
  if (lastError || !c.lastCopyAt) return { level: 'amber', reason: `${copied}${lastError}` };
  return { level: 'green', reason: copied };
}

function mailItem(f: MailStatusFacts | null, now: Date): Omit<StatusItem, 'id' | 'title'> {
  if (!f) return unknown('notifications');
  const problems: string[] = [];
  if (f.failedRecently > 0)
    problems.push(
      `${f.failedRecently === 1 ? '1 e-mail' : `${f.failedRecently} e-mails`} failed in the last ${STATUS_LIMITS.mailFailureWindowHours} hours` +
        (f.lastFailure && f.lastFailureAt ? ` (the last ${ago(f.lastFailureAt, now)}: ${f.lastFailure})` : '') +
        '.',
    );
  if (f.oldestQueuedAt && since(f.oldestQueuedAt, now) > STATUS_LIMITS.mailQueuedMaxMinutes * 60_000)
    problems.push(`An e-mail has waited ${durationInWords(since(f.oldestQueuedAt, now))} to be sent (${f.queued} waiting).`);
  if (problems.length) return { level: 'red', reason: problems.join(' ') };
  return { level: 'green', reason: f.queued ? `${f.queued} e-mails waiting, none for long; none failed.` : 'No e-mail failed or waiting.' };
}

function remindersItem(f: ReminderRunFacts | null, now: Date): Omit<StatusItem, 'id' | 'title'> {
  if (!f) return unknown('verification');
  if (!f.lastFinishedAt) return { level: 'amber', reason: 'No reminder run has finished yet.' };
  if (since(f.lastFinishedAt, now) > STATUS_LIMITS.reminderRunMaxAgeHours * HOUR)
    return {
      level: 'red',
      reason: `The last reminder run finished ${ago(f.lastFinishedAt, now)} (more than ${STATUS_LIMITS.reminderRunMaxAgeHours} hours).`,
    };
  return { level: 'green', reason: `The last reminder run finished ${ago(f.lastFinishedAt, now)}.` };
}

function feedsItem(f: FeedKeyFacts | null, now: Date): Omit<StatusItem, 'id' | 'title'> {
  if (!f) return unknown('kits');
  if (f.keys.length === 0) return { level: 'green', reason: 'No ambulance service feed keys are in use.' };
  const silent = f.keys.filter((k) => k.lastUsedAt && since(k.lastUsedAt, now) > STATUS_LIMITS.feedKeySilentHours * HOUR);
  const never = f.keys.filter((k) => !k.lastUsedAt);
  const paused = f.keys.filter((k) => k.pushPausedAt);
  if (paused.length)
    return {
      level: 'red',
      reason: `${paused
        .map(
          (k) =>
            `Push to ${k.label} paused ${ago(k.pushPausedAt!, now)} after ${FEED_PUSH_RETRY_HOURS} hours of failed deliveries${k.pushError ? ` (${k.pushError})` : ''}`,
        )
        .join('; ')}: resume it once its receiver is back (it then gets everything it missed, in order).`,
    };
  if (silent.length)
    return {
      level: 'red',
      reason: `${silent.map((k) => `${k.label} last pulled ${ago(k.lastUsedAt!, now)}`).join('; ')}: its control room has stopped pulling the feed.`,
    };
  if (never.length) return { level: 'amber', reason: `${never.map((k) => k.label).join(', ')}: never pulled yet.` };
  return { level: 'green', reason: `Every feed key (${f.keys.length}) pulled within the last ${STATUS_LIMITS.feedKeySilentHours} hours.` };
}

const WORST: Readonly<Record<StatusLevel, number>> = { green: 0, amber: 1, red: 2 };

/** The status page from each context's facts (null: the context did not answer). */
export function systemStatusOf(facts: StatusFacts, now: Date): SystemStatus {
  const levels: Record<StatusItemId, Omit<StatusItem, 'id' | 'title'>> = {
    backups: backupsItem(facts.backups, now),
    cloud_copies: cloudItem(facts.backups, now),
    email: mailItem(facts.mail, now),
    reminder_runs: remindersItem(facts.reminders, now),
    ambulance_feeds: feedsItem(facts.feeds, now),
  };
  const items = STATUS_ITEM_IDS.map((id) => ({ id, title: STATUS_ITEM_TITLES[id], ...levels[id] }));
  const level = items.reduce<StatusLevel>((worst, i) => (WORST[i.level] > WORST[worst] ? i.level : worst), 'green');
  return { checkedAt: now.toISOString(), level, items };
}
