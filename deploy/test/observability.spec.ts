import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '@bleedkits/platform';
import { ROOT, read } from './repo';

/** The names every `name: 'bk_…'` metric definition in the sources gives. */
function definedMetricNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (entry === 'node_modules' || entry === 'dist') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ts$/.test(entry) && !/spec\.ts$/.test(entry))
        for (const m of readFileSync(full, 'utf8').matchAll(/name: '(bk_[a-z_]+)'/g)) names.add(m[1]);
    }
  };
  for (const dir of ['platform/src', 'gateway/src', 'services']) walk(path.join(ROOT, dir));
  return names;
}

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
