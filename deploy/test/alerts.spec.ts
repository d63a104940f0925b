import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { ROOT, definedMetricNames, read } from './repo';

type Rule = { alert: string; expr: string; labels?: Record<string, string>; annotations: Record<string, string> };
type Series = { series: string; values: string };
/** One situation: the series Prometheus holds, the time it evaluates, and the alerts expected then ([] = none). */
type Scenario = { title: string; interval: string; series: Series[]; at: string; firing: Record<string, string>[] };

const RULES_FILE = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const rules = (parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

const H = 3600;
const stale = (metric: string) => ({ series: metric, values: '1x30' }); // set just after the epoch, never again (1 h steps)
const hourly = (metric: string) => ({ series: metric, values: `1+${H}x30` }); // renewed every hour

/**
 * For each alert: series that make it fire and series that must not. promtool evaluates from the Unix epoch, so a
 * timestamp of 1 is (almost) as old as the evaluation time; 0 is 'never yet'.
 */
const SCENARIOS: Record<string, Scenario[]> = {
  NoGoodBackup: [
    { title: 'last backup 27 h ago', interval: '1h', series: [stale('bk_backup_last_success_timestamp_seconds')], at: '27h', firing: [{}] },
    { title: 'last backup 25 h ago', interval: '1h', series: [stale('bk_backup_last_success_timestamp_seconds')], at: '25h', firing: [] },
    { title: 'a backup every hour', interval: '1h', series: [hourly('bk_backup_last_success_timestamp_seconds')], at: '27h', firing: [] },
    {
      title: "none yet (0): the first day is NoBackupEver's",
      interval: '1h',
      series: [{ series: 'bk_backup_last_success_timestamp_seconds', values: '0x30' }],
      at: '2h',
      firing: [],
    },
  ],
  NoBackupEver: [
    { title: 'no backup reported for 27 h', interval: '1h', series: [{ series: 'up{service="backups"}', values: '1x30' }], at: '27h', firing: [{}] },
    {
      title: 'none yet (0) for 27 h',
      interval: '1h',
      series: [{ series: 'bk_backup_last_success_timestamp_seconds', values: '0x30' }],
      at: '27h',
      firing: [{}],
    },
    {
      title: 'none yet (0) for 25 h',
      interval: '1h',
      series: [{ series: 'bk_backup_last_success_timestamp_seconds', values: '0x30' }],
      at: '25h',
      firing: [],
    },
    {
      title: 'a backup reported',
      interval: '1h',
      series: [{ series: 'bk_backup_last_success_timestamp_seconds', values: '0x2 7200x30' }],
      at: '27h',
      firing: [],
    },
  ],
  NoCloudCopy: [
    { title: 'newest copy 27 h old', interval: '1h', series: [stale('bk_backup_last_cloud_copy_timestamp_seconds')], at: '27h', firing: [{}] },
    { title: 'a copy every hour', interval: '1h', series: [hourly('bk_backup_last_cloud_copy_timestamp_seconds')], at: '27h', firing: [] },
  ],
  NoCloudCopyEver: [
    { title: 'no copy reported for 27 h', interval: '1h', series: [{ series: 'up{service="backups"}', values: '1x30' }], at: '27h', firing: [{}] },
    {
      title: 'none yet (0) for 27 h',
      interval: '1h',
      series: [{ series: 'bk_backup_last_cloud_copy_timestamp_seconds', values: '0x30' }],
      at: '27h',
      firing: [{}],
    },
    { title: 'a copy reported', interval: '1h', series: [hourly('bk_backup_last_cloud_copy_timestamp_seconds')], at: '27h', firing: [] },
  ],
  EmailFailures: [
    {
      title: 'two failed in the last hour',
      interval: '1m',
      series: [{ series: 'bk_email_messages_last_hour{status="failed"}', values: '0 0 2' }],
      at: '2m',
      firing: [{}],
    },
    {
      title: 'none failed',
      interval: '1m',
      series: [{ series: 'bk_email_messages_last_hour{status="failed"}', values: '0 0 2' }],
      at: '1m',
      firing: [],
    },
  ],
  EmailQueuedTooLong: [
    {
      title: 'oldest queued 31 min',
      interval: '1m',
      series: [{ series: 'bk_email_oldest_queued_seconds', values: '0+60x40' }],
      at: '31m',
      firing: [{}],
    },
    {
      title: 'oldest queued 29 min',
      interval: '1m',
      series: [{ series: 'bk_email_oldest_queued_seconds', values: '0+60x40' }],
      at: '29m',
      firing: [],
    },
  ],
  QueueJobWaitingTooLong: [
    {
      title: 'a delivery job waiting 16 min, the backups queue empty',
      interval: '1m',
      series: [
        { series: 'bk_queue_oldest_waiting_seconds{queue="notifications.email-delivery"}', values: '0+60x20' },
        { series: 'bk_queue_oldest_waiting_seconds{queue="backups.run"}', values: '0x20' },
      ],
      at: '16m',
      firing: [{ queue: 'notifications.email-delivery' }],
    },
    {
      title: 'a job waiting 14 min',
      interval: '1m',
      series: [{ series: 'bk_queue_oldest_waiting_seconds{queue="notifications.email-delivery"}', values: '0+60x20' }],
      at: '14m',
      firing: [],
    },
  ],
  NoReminderRun: [
    {
      title: 'the reminder run last finished 27 h ago (the digest is weekly and does not count)',
      interval: '1h',
      series: [stale('bk_reminder_run_last_success_timestamp_seconds{kind="reminder-run"}')],
      at: '27h',
      firing: [{}],
    },
    {
      title: 'a reminder run 3 h ago',
      interval: '1h',
      series: [{ series: 'bk_reminder_run_last_success_timestamp_seconds{kind="reminder-run"}', values: `0x23 ${24 * H}x10` }],
      at: '27h',
      firing: [],
    },
  ],
  NoReminderRunEver: [
    {
      title: 'only the digest ever ran',
      interval: '1h',
      series: [hourly('bk_reminder_run_last_success_timestamp_seconds{kind="admin-digest"}')],
      at: '27h',
      firing: [{ kind: 'reminder-run' }],
    },
    {
      title: 'a reminder run reported',
      interval: '1h',
      series: [stale('bk_reminder_run_last_success_timestamp_seconds{kind="reminder-run"}')],
      at: '27h',
      firing: [],
    },
  ],
  KitsFeedLagging: [
    {
      title: 'geo-search 75 s behind, verification current',
      interval: '15s',
      series: [
        { series: 'bk_feed_lag_seconds{consumer="geo-search"}', values: '0+15x10' },
        { series: 'bk_feed_lag_seconds{consumer="verification"}', values: '1x10' },
      ],
      at: '75s',
      firing: [{ consumer: 'geo-search' }],
    },
    {
      title: '45 s behind',
      interval: '15s',
      series: [{ series: 'bk_feed_lag_seconds{consumer="geo-search"}', values: '0+15x10' }],
      at: '45s',
      firing: [],
    },
  ],
  AmbulanceFeedKeySilent: [
    {
      title: 'one key silent for 25 h, another pulling',
      interval: '1h',
      series: [
        stale('bk_ambulance_feed_key_last_pull_timestamp_seconds{key_id="k1",scope="NWAS",label="NWAS control room"}'),
        hourly('bk_ambulance_feed_key_last_pull_timestamp_seconds{key_id="k2",scope="LAS",label="LAS control room"}'),
      ],
      at: '25h',
      firing: [{ key_id: 'k1', scope: 'NWAS', label: 'NWAS control room' }],
    },
    {
      title: 'silent for 23 h',
      interval: '1h',
      series: [stale('bk_ambulance_feed_key_last_pull_timestamp_seconds{key_id="k1",scope="NWAS",label="NWAS control room"}')],
      at: '23h',
      firing: [],
    },
  ],
  GeoSearchNotReady: [
    {
      title: 'the only replica not ready for 3 min',
      interval: '1m',
      series: [{ series: 'bk_ready{service="geo-search",pod="a"}', values: '1 0 0 0 0 0' }],
      at: '4m',
      firing: [{}],
    },
    {
      title: 'no geo-search replica reporting at all',
      interval: '1m',
      series: [{ series: 'bk_ready{service="kits",pod="k"}', values: '1x6' }],
      at: '4m',
      firing: [{}],
    },
    {
      title: 'one of two replicas ready',
      interval: '1m',
      series: [
        { series: 'bk_ready{service="geo-search",pod="a"}', values: '0x6' },
        { series: 'bk_ready{service="geo-search",pod="b"}', values: '1x6' },
      ],
      at: '4m',
      firing: [],
    },
    {
      title: 'not ready for 1 min only',
      interval: '1m',
      series: [{ series: 'bk_ready{service="geo-search",pod="a"}', values: '1 1 1 0 0 0' }],
      at: '4m',
      firing: [],
    },
  ],
  HighServerErrorRate: [
    {
      title: '10 % of requests answer 500 for 10 min',
      interval: '1m',
      series: [
        { series: 'bk_http_requests_total{status="500"}', values: '0+10x20' },
        { series: 'bk_http_requests_total{status="200"}', values: '0+90x20' },
      ],
      at: '10m',
      firing: [{}],
    },
    {
      title: '1 % answer 500',
      interval: '1m',
      series: [
        { series: 'bk_http_requests_total{status="500"}', values: '0+1x20' },
        { series: 'bk_http_requests_total{status="200"}', values: '0+99x20' },
      ],
      at: '10m',
      firing: [],
    },
  ],
};

/** The rule's annotations as Prometheus renders them for these labels (they template only `{{ $labels.x }}`). */
function rendered(rule: Rule, labels: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rule.annotations).map(([k, v]) => [k, v.replace(/\{\{\s*\$labels\.(\w+)\s*\}\}/g, (_, name: string) => labels[name] ?? '')]),
  );
}

/**
 * The promtool unit-test files of every scenario, each firing alert with its labels and annotations word for word:
 * one for the scenarios in hours (rules evaluated every 30 min, so a day costs promtool little) and one for those
 * in minutes and seconds (every 15 s, as prometheus.yml).
 */
function promtoolTests(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [file, evaluation, hours] of [
    ['alerts.hours.test.yml', '30m', true],
    ['alerts.minutes.test.yml', '15s', false],
  ] as const)
    files[file] = stringify({ rule_files: ['alerts.yml'], evaluation_interval: evaluation, tests: testsOf(hours) });
  return files;
}

function testsOf(hours: boolean) {
  return Object.entries(SCENARIOS).flatMap(([alertname, scenarios]) =>
    scenarios
      .filter((s) => s.interval.endsWith('h') === hours)
      .map((s) => {
        const rule = rules.find((r) => r.alert === alertname)!;
        return {
          name: `${alertname}: ${s.title}`,
          interval: s.interval,
          input_series: s.series,
          alert_rule_test: [
            {
              eval_time: s.at,
              alertname,
              exp_alerts: s.firing.map((labels) => ({ exp_labels: { ...rule.labels, ...labels }, exp_annotations: rendered(rule, labels) })),
            },
          ],
        };
      }),
  );
}

function promtool(args: string[], cwd: string): string {
  try {
    return execFileSync('promtool', args, { cwd, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const { stdout, stderr, message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`promtool ${args.join(' ')} failed (is Debian's prometheus package installed?):\n${stdout ?? ''}${stderr ?? message}`);
  }
}

/** ISSUE 25, acceptance 2: the alert rules, each shown firing and not firing by promtool. */
describe('deploy/prometheus/alerts.yml', () => {
  it('names the alerts the issue asks for, each with a severity, a summary and a runbook', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(Object.keys(SCENARIOS).sort());
    for (const rule of rules) {
      expect({ alert: rule.alert, severity: rule.labels?.severity }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(warning|critical)$/),
      });
      expect(rule.annotations.summary).toBeTruthy();
      expect(rule.annotations.runbook?.length).toBeGreaterThan(40);
    }
  });

  it('shows each alert both firing and not firing', () => {
    for (const [alert, scenarios] of Object.entries(SCENARIOS)) {
      expect({ alert, fires: scenarios.some((s) => s.firing.length > 0) }).toEqual({ alert, fires: true });
      expect({ alert, quiet: scenarios.some((s) => s.firing.length === 0) }).toEqual({ alert, quiet: true });
    }
  });

  it('asks only for metrics the register exports', () => {
    const defined = definedMetricNames();
    const asked = new Set(rules.flatMap((r) => [...r.expr.matchAll(/\b(bk_[a-z0-9_]+)/g)].map((m) => m[1])));
    for (const name of asked) expect({ name, defined: defined.has(name) }).toEqual({ name, defined: true });
  });

  it('is loaded by the Prometheus configuration, which promtool accepts', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml')) as { rule_files?: string[] };
    expect(config.rule_files).toContain('alerts.yml');
    expect(promtool(['check', 'config', 'prometheus.yml'], path.dirname(RULES_FILE))).toMatch(/SUCCESS/);
  });

  it('passes `promtool test rules` for every scenario', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bk-alerts-'));
    try {
      copyFileSync(RULES_FILE, path.join(dir, 'alerts.yml'));
      const files = promtoolTests();
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
      expect(promtool(['test', 'rules', ...Object.keys(files)], dir)).toMatch(/SUCCESS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
