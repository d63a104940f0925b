import { epochSeconds, postgresGauge } from '@bleedkits/platform';

/**
 * When each ambulance-feed key last pulled, read from its row at each scrape: a control room whose key goes quiet
 * has stopped receiving kits. A key never used counts from its creation; revoked keys are left out. The pull time
 * is recorded at most once a minute (ambulance-feed.repository.ts), finer than any alert on it.
 */
postgresGauge({
  name: 'bk_ambulance_feed_key_last_pull_timestamp_seconds',
  help: 'When each active ambulance-feed key last pulled the feed, or was created if it never has (Unix seconds)',
  labelNames: ['key_id', 'scope', 'label'],
  read: async (db) => {
    const rows = (await db.query(
      `SELECT id, scope, label, coalesce(last_used_at, created_at) AS at FROM kits.ambulance_feed_clients WHERE revoked_at IS NULL`,
    )) as { id: string; scope: string; label: string; at: Date }[];
    return rows.map((r) => ({ labels: { key_id: r.id, scope: r.scope, label: r.label }, value: epochSeconds(r.at) }));
  },
});
