import { type BackupStatusFacts, type StatusFacts, durationInWords, systemStatusOf } from './system-status';

const now = new Date('2027-03-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const backups = (over: Partial<BackupStatusFacts> = {}, cloud: Partial<BackupStatusFacts['cloud']> = {}): BackupStatusFacts => ({
  lastGoodBackupAt: hoursAgo(3),
  lastFailedBackupAt: null,
  lastBackupError: null,
  ...over,
  cloud: { mode: 'connected', broken: false, connectedAt: hoursAgo(100), lastCopyAt: hoursAgo(3), lastError: null, lastErrorAt: null, ...cloud },
});
const healthy: StatusFacts = {
  backups: backups(),
  mail: { failedRecently: 0, lastFailureAt: null, lastFailure: null, queued: 2, oldestQueuedAt: hoursAgo(0.1) },
  reminders: { lastFinishedAt: hoursAgo(4), lastStartedAt: hoursAgo(4) },
  feeds: { keys: [{ id: 'k1', label: 'NWAS control room', scope: 'nwas', createdAt: hoursAgo(500), lastUsedAt: hoursAgo(0.2) }] },
};
const item = (facts: StatusFacts, id: string) => systemStatusOf(facts, now).items.find((i) => i.id === id)!;

describe(systemStatusOf.name, () => {
  it('is green throughout for a healthy register, in the order of the page', () => {
    const status = systemStatusOf(healthy, now);
    expect(status.level).toBe('green');
    expect(status.items.map((i) => [i.id, i.level])).toEqual([
      ['backups', 'green'],
      ['cloud_copies', 'green'],
      ['email', 'green'],
      ['reminder_runs', 'green'],
      ['ambulance_feeds', 'green'],
    ]);
    expect(status.items[0].reason).toBe('The last good backup was 3 hours ago.');
  });

  it('backups: red after 26 hours without a good one, amber when only the last one failed', () => {
    expect(item({ ...healthy, backups: backups({ lastGoodBackupAt: hoursAgo(27) }) }, 'backups')).toMatchObject({
      level: 'red',
      reason: 'The last good backup was 27 hours ago (more than 26 hours).',
    });
    const failed = item(
      { ...healthy, backups: backups({ lastFailedBackupAt: hoursAgo(1), lastBackupError: 'Backup failed: disk full' }) },
      'backups',
    );
    expect(failed).toMatchObject({ level: 'amber', reason: expect.stringContaining('The last backup failed 1 hour ago: Backup failed: disk full') });
    expect(item({ ...healthy, backups: backups({ lastGoodBackupAt: null }) }, 'backups').level).toBe('red');
  });

  it('cloud copies: red when the connection is broken or nothing reached Dropbox for 26 hours; amber for a pasted token or none', () => {
    expect(item({ ...healthy, backups: backups({}, { broken: true }) }, 'cloud_copies').level).toBe('red');
    expect(item({ ...healthy, backups: backups({}, { lastCopyAt: hoursAgo(30) }) }, 'cloud_copies').level).toBe('red');
    expect(item({ ...healthy, backups: backups({}, { mode: 'legacy_token' }) }, 'cloud_copies')).toMatchObject({
      level: 'amber',
      reason: expect.stringContaining('may expire'),
    });
    expect(item({ ...healthy, backups: backups({}, { mode: 'none' }) }, 'cloud_copies').level).toBe('amber');
    // Connected an hour ago, the first copy still to come.
    expect(item({ ...healthy, backups: backups({}, { lastCopyAt: null, connectedAt: hoursAgo(1) }) }, 'cloud_copies').level).toBe('amber');
  });

  it('e-mail: red for a recent failure or a message waiting over 30 minutes', () => {
    const mail = healthy.mail!;
    expect(item({ ...healthy, mail: { ...mail, oldestQueuedAt: hoursAgo(1) } }, 'email')).toMatchObject({
      level: 'red',
      reason: 'An e-mail has waited 1 hour to be sent (2 waiting).',
    });
    expect(
      item({ ...healthy, mail: { ...mail, failedRecently: 1, lastFailureAt: hoursAgo(2), lastFailure: '550 mailbox unavailable' } }, 'email'),
    ).toMatchObject({
      level: 'red',
      reason: '1 e-mail failed in the last 24 hours (the last 2 hours ago: 550 mailbox unavailable).',
    });
  });

  it('reminder runs and feeds: red after 26 hours without a run or 24 hours of a silent key; amber for a key never used', () => {
    expect(item({ ...healthy, reminders: { lastFinishedAt: hoursAgo(30), lastStartedAt: hoursAgo(30) } }, 'reminder_runs').level).toBe('red');
    const silent = { keys: [{ ...healthy.feeds!.keys[0], lastUsedAt: hoursAgo(25) }] };
    expect(item({ ...healthy, feeds: silent }, 'ambulance_feeds')).toMatchObject({
      level: 'red',
      reason: 'NWAS control room last pulled 25 hours ago: its control room has stopped pulling the feed.',
    });
    expect(item({ ...healthy, feeds: { keys: [{ ...healthy.feeds!.keys[0], lastUsedAt: null }] } }, 'ambulance_feeds').level).toBe('amber');
  });

  it('feeds: red while a push subscription is paused, naming the client and its last error', () => {
    const paused = { keys: [{ ...healthy.feeds!.keys[0], pushPausedAt: hoursAgo(2), pushError: 'HTTP 503: down' }] };
    expect(item({ ...healthy, feeds: paused }, 'ambulance_feeds')).toMatchObject({
      level: 'red',
      reason:
        'Push to NWAS control room paused 2 hours ago after 24 hours of failed deliveries (HTTP 503: down): resume it once its receiver is back (it then gets everything it missed, in order).',
    });
  });

  it('a context that does not answer is amber, and the page is as bad as its worst item', () => {
    const status = systemStatusOf({ ...healthy, mail: null }, now);
    expect(status.items.find((i) => i.id === 'email')).toMatchObject({
      level: 'amber',
      reason: 'Could not be checked: the notifications service did not answer.',
    });
    expect(status.level).toBe('amber');
    expect(systemStatusOf({ ...healthy, backups: backups({}, { broken: true }) }, now).level).toBe('red');
  });

  it('says durations in words', () => {
    expect([0, 60_000, 45 * 60_000, 3_600_000, 47 * 3_600_000, 72 * 3_600_000].map(durationInWords)).toEqual([
      '0 minutes',
      '1 minute',
      '45 minutes',
      '1 hour',
      '47 hours',
      '3 days',
    ]);
  });
});
