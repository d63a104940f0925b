import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { SCHEDULE_TIME_ZONE } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { fixedClock } from '@bleedkits/platform/testing';
import { RunBackupHandler } from './commands/run-backup/run-backup.handler';
import { BACKUP_SCHEDULER_IDS } from './schedules/backup-schedules';
import { type BackupsHarness, eventually, startBackupsHarness } from '../test/backups-harness';

/** The instant of a wall-clock time in London (GMT in winter, BST in summer). */
function london(date: string, hour: number): Date {
  for (const offset of [0, 1]) {
    const candidate = new Date(`${date}T${String(hour - offset).padStart(2, '0')}:00:00Z`);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: SCHEDULE_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(candidate);
    if (Number(local) === hour) return candidate;
  }
  throw new Error(`no ${hour}:00 on ${date} in London`);
}

const localDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: SCHEDULE_TIME_ZONE }).format(new Date(iso));

/** Daily incrementals run over the calendar's last three weeks: the 7 kept and the chain under them come from there, and an older one is pruned by the same rule at each backup (a backup a day for 120 days took minutes of CI). */
const INCREMENTAL_DAYS = 21;

describe('retention over a simulated calendar of 120 days (weekly full Sunday 02:00, daily incremental 03:00 for the last 3 weeks)', () => {
  let h: BackupsHarness;
  let backups: INestMicroservice;
  const clock = fixedClock(new Date(0));

  beforeAll(async () => {
    h = await startBackupsHarness('backups-retention');
    h.dropbox.addToken('sl.retention-token-1234567890abcdef');
    backups = await h.startReplica({ BACKUP_SCHEDULE_ENABLED: 'false' }, { clock });
    await h.bed.bus.request(BackupsSubjects.configureDropbox, {
      actor: { id: '5b0f7c1e-0000-4000-8000-00000000a004', role: 'admin', email: 'admin@register.test' },
      token: 'sl.retention-token-1234567890abcdef',
    });
    const c = new Client({ connectionString: h.bed.db.url });
    await c.connect();
    await c.query('CREATE TABLE public.activity (day date PRIMARY KEY, note text)');
    await c.end();
  });
  afterAll(async () => h?.close());

  it('keeps exactly the 7 daily, 4 weekly and 3 monthly backups (and the chain they restore from), locally and in Dropbox', async () => {
    const run = backups.get(RunBackupHandler);
    const db = new Client({ connectionString: h.bed.db.url });
    await db.connect();
    const first = Date.UTC(2027, 0, 3); // Sunday 3 January 2027
    try {
      for (let d = 0; d < 120; d++) {
        const date = new Date(first + d * 86_400_000).toISOString().slice(0, 10);
        await db.query('INSERT INTO public.activity VALUES ($1, $2)', [date, `day ${d}`]);
        if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) {
          clock.set(london(date, 2));
          await run.execute({ runKey: `${BACKUP_SCHEDULER_IDS.full}:${clock.now().getTime()}`, requested: 'full', automatic: true });
        }
        if (d < 120 - INCREMENTAL_DAYS) continue;
        clock.set(london(date, 3));
        await run.execute({ runKey: `${BACKUP_SCHEDULER_IDS.incremental}:${clock.now().getTime()}`, requested: 'incremental', automatic: true });
      }
    } finally {
      await db.end();
    }
    expect(localDay(clock.now().toISOString())).toBe('2027-05-02'); // the 120th day, a Sunday

    const history = await eventually(
      () => h.history(1, 100),
      (p) => p.data.every((b) => b.cloudCopyStatus === 'uploaded'),
      60_000,
    );
    const kept = history.data.map((b) => `${localDay(b.createdAt)} ${b.isFullBackup ? 'full' : 'incremental'}`).sort();
    expect(kept).toEqual(
      [
        // daily: the newest backup of each of the last 7 days
        '2027-04-26 incremental',
        '2027-04-27 incremental',
        '2027-04-28 incremental',
        '2027-04-29 incremental',
        '2027-04-30 incremental',
        '2027-05-01 incremental',
        '2027-05-02 incremental',
        // weekly: the full of each of the last 4 weeks (2 May and 25 April are also the monthly fulls of May and April)
        '2027-04-11 full',
        '2027-04-18 full',
        '2027-04-25 full',
        '2027-05-02 full',
        // monthly: the newest full of March
        '2027-03-28 full',
        // chain: the dailies of 26 April - 1 May restore on top of 25 April's full and its 03:00 incremental
        '2027-04-25 incremental',
      ].sort(),
    );
    const files = history.data.map((b) => b.fileName!).sort();
    expect(await h.files()).toEqual(files);
    expect([...h.dropbox.files.keys()].sort()).toEqual(files.map((f) => `/bleedkits-backups/${f}`.toLowerCase()));
  }, 300_000);
});
