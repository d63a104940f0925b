/**
 * Retention (spec §9): keep the newest backup of each of the last 7 days that have one, the newest full backup of
 * each of the last 4 weeks and of the last 3 months that have one (a full counts for its week and month), in
 * Europe/London time. An incremental restores only on top of its whole chain, so every backup a kept one builds on
 * is kept too ('chain'); an incremental whose chain is broken, or whose full is pruned, goes. Pure: the caller
 * deletes what `prune` lists, locally and in the cloud copy.
 */
export type RetentionCandidate = { id: string; createdAt: Date; isFull: boolean; parentBackupId: string | null };
export type RetentionPolicy = { daily: number; weekly: number; monthly: number; timeZone: string };
export type RetentionReason = 'daily' | 'weekly' | 'monthly' | 'chain';
export type RetentionPlan = { keep: Map<string, RetentionReason[]>; prune: string[] };

type LocalDate = { year: number; month: number; day: number };

function localDate(at: Date, timeZone: string): LocalDate {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day') };
}

/** ISO 8601 week (Monday first) of a calendar date, as "YYYY-Www". */
export function isoWeekKey({ year, month, day }: LocalDate): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

export function planRetention(backups: readonly RetentionCandidate[], policy: RetentionPolicy): RetentionPlan {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const keep = new Map<string, RetentionReason[]>();
  const mark = (id: string, reason: RetentionReason) => keep.set(id, [...(keep.get(id) ?? []), reason]);

  const pick = (reason: RetentionReason, limit: number, eligible: (b: RetentionCandidate) => boolean, keyOf: (d: LocalDate) => string) => {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      if (!eligible(b)) continue;
      const key = keyOf(localDate(b.createdAt, policy.timeZone));
      if (seen.has(key)) continue;
      if (seen.size >= limit) break;
      seen.add(key);
      mark(b.id, reason);
    }
  };
  pick(
    'daily',
    policy.daily,
    () => true,
    (d) => `${d.year}-${d.month}-${d.day}`,
  );
  pick('weekly', policy.weekly, (b) => b.isFull, isoWeekKey);
  pick(
    'monthly',
    policy.monthly,
    (b) => b.isFull,
    (d) => `${d.year}-${d.month}`,
  );

  // Close over chains: a kept incremental needs every backup back to its full; a broken chain keeps nothing.
  const byId = new Map(backups.map((b) => [b.id, b]));
  for (const id of [...keep.keys()]) {
    const chain: RetentionCandidate[] = [];
    let current = byId.get(id);
    while (current && !current.isFull) {
      const parent = current.parentBackupId ? byId.get(current.parentBackupId) : undefined;
      if (!parent) break;
      chain.push(parent);
      current = parent;
    }
    if (!current || !current.isFull) {
      keep.delete(id);
      continue;
    }
    for (const link of chain) if (!keep.get(link.id)?.includes('chain')) mark(link.id, 'chain');
  }
  const prune = newestFirst.filter((b) => !keep.has(b.id)).map((b) => b.id);
  return { keep, prune };
}
