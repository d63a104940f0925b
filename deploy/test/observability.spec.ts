import { parse } from 'yaml';
import { metricsRegistry } from '@bleedkits/platform';
import { definedMetricNames, read } from './repo';

type Panel = { title: string; targets?: { expr: string }[] };

/** The Grafana dashboard charts what the processes export: every metric it asks for is defined in the code. */
describe('deploy/grafana/dashboards/bleedkits.json', () => {
  const dashboard = JSON.parse(read('deploy/grafana/dashboards/bleedkits.json')) as { uid: string; panels: Panel[] };
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

  it('asks only for metrics the register exports, and charts each family the issue names', () => {
    const defined = definedMetricNames();
    const builtIn = new Set(metricsRegistry.getMetricsAsArray().map((m) => m.name));
    const asked = new Set(
      exprs.flatMap(({ expr }) => [...expr.matchAll(/\b((?:bk|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1].replace(/_(bucket|count|sum)$/, ''))),
    );
    for (const name of asked) expect({ name, defined: defined.has(name) || builtIn.has(name) }).toEqual({ name, defined: true });
    for (const family of [
      'bk_http_request_seconds',
      'bk_nats_handler_seconds',
      'bk_nats_errors_total',
      'bk_queue_jobs',
      'bk_job_seconds',
      'bk_geo_index_kits',
      'bk_geo_index_build_seconds',
      'bk_geo_index_revision_lag',
      'bk_geo_viewport_cache_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      // issue 25: what the alert rules watch
      'bk_backup_last_success_timestamp_seconds',
      'bk_backup_last_cloud_copy_timestamp_seconds',
      'bk_backup_failures',
      'bk_email_messages',
      'bk_email_messages_last_hour',
      'bk_email_oldest_queued_seconds',
      'bk_queue_oldest_waiting_seconds',
      'bk_reminder_run_last_success_timestamp_seconds',
      'bk_reminder_run_failures',
      'bk_feed_lag_seconds',
      'bk_feed_lag_revisions',
      'bk_ambulance_feed_key_last_pull_timestamp_seconds',
      'bk_ready',
      'bk_http_requests_total',
      'bk_signin_failures_total',
      'bk_signin_lockouts_total',
    ]) {
      expect(asked).toContain(family);
    }
  });

  it('is provisioned from the Prometheus datasource the compose file runs', () => {
    const datasource = parse(read('deploy/grafana/provisioning/datasources/prometheus.yaml')) as { datasources: { uid: string; url: string }[] };
    expect(datasource.datasources[0]).toMatchObject({ uid: 'prometheus', url: 'http://prometheus:9090' });
    const k8sScrape = parse(read('deploy/prometheus/prometheus-kubernetes.yml')) as {
      scrape_configs: { relabel_configs: { regex?: string; action?: string }[] }[];
    };
    expect(k8sScrape.scrape_configs[0].relabel_configs).toContainEqual(expect.objectContaining({ regex: 'metrics', action: 'keep' }));
  });
});
