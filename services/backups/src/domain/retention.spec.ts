import { type RetentionCandidate, isoWeekKey, planRetention } from './retention';

const policy = { daily: 7, weekly: 4, monthly: 3, timeZone: 'Europe/London' };

/** Weekly full on Sunday 02:00 and daily incremental 03:00 (UTC-ish instants; London is GMT in winter). */
function calendar(days: number, start = Date.UTC(2027, 0, 3)): RetentionCandidate[] {
  const out: RetentionCandidate[] = [];
  let parent: string | null = null;
  for (let d = 0; d < days; d++) {
    const day = new Date(start + d * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    if (day.getUTCDay() === 0) {
      out.push({ id: `${date} full`, createdAt: new Date(`${date}T01:00:00Z`), isFull: true, parentBackupId: null });
      parent = `${date} full`;
    }
    out.push({ id: `${date} incremental`, createdAt: new Date(`${date}T02:00:00Z`), isFull: false, parentBackupId: parent });
    parent = `${date} incremental`;
  }
  return out;
}

describe(planRetention.name, () => {
  it('numbers ISO weeks from Monday', () => {
    expect(isoWeekKey({ year: 2027, month: 1, day: 3 })).toBe('2026-W53');
    expect(isoWeekKey({ year: 2027, month: 1, day: 4 })).toBe('2027-W01');
    expect(isoWeekKey({ year: 2027, month: 5, day: 2 })).toBe('2027-W17');
  });

  it('applied after every backup of 120 days, keeps 7 daily, 4 weekly, 3 monthly and the chain the dailies need', () => {
    let kept: RetentionCandidate[] = [];
    let plan = planRetention([], policy);
    for (const backup of calendar(120)) {
      kept.push(backup);
      plan = planRetention(kept, policy);
      kept = kept.filter((b) => plan.keep.has(b.id));
    }
    const reasons = Object.fromEntries([...plan.keep].map(([id, r]) => [id, r]));
    expect(Object.keys(reasons).sort()).toEqual(
      [
        '2027-03-28 full',
        '2027-04-11 full',
        '2027-04-18 full',
        '2027-04-25 full',
        '2027-04-25 incremental',
        '2027-04-26 incremental',
        '2027-04-27 incremental',
        '2027-04-28 incremental',
        '2027-04-29 incremental',
        '2027-04-30 incremental',
        '2027-05-01 incremental',
        '2027-05-02 full',
        '2027-05-02 incremental',
      ].sort(),
    );
    const count = (reason: string) => Object.values(reasons).filter((r) => r.includes(reason as never)).length;
    expect([count('daily'), count('weekly'), count('monthly')]).toEqual([7, 4, 3]);
  });

  it('drops an incremental whose full is gone, with everything after it in its chain', () => {
    const backups = calendar(3).filter((b) => !b.isFull);
    expect(planRetention(backups, policy).keep.size).toBe(0);
  });
});
