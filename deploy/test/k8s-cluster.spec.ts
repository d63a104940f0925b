import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsServers } from '@bleedkits/platform';
import { type K8sObject, OVERLAYS, byKind, named, render } from './kustomize';

/** redis.conf / nats.conf lines as directive → value (the first word, then the rest). */
function redisDirectives(conf: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of conf.split('\n').map((l) => l.trim()))
    if (line && !line.startsWith('#')) {
      const [key, ...rest] = line.split(/\s+/);
      out[key] = rest.join(' ');
    }
  return out;
}

const natsBinary = () =>
  [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server'].find((c): c is string => !!c && existsSync(c));

/**
 * ISSUE 27, acceptance 3: production says what it needs. Each overlay runs a NATS cluster of three servers with
 * JetStream on file storage, geo-search keeps its snapshot bucket at three copies, Redis persists (append-only,
 * fsync every second) and never evicts a key (BullMQ), and every process's NATS_URL names all three servers.
 */
describe.each(OVERLAYS)('k8s/overlays/%s: the NATS cluster and Redis', (overlay) => {
  const objects = render(`k8s/overlays/${overlay}`);
  const config = named(objects, 'ConfigMap', 'bleedkits-config')!;
  const nats = named(objects, 'StatefulSet', 'nats')!;
  const natsConf: string = named(objects, 'ConfigMap', 'nats-config')?.data['nats.conf'] ?? '';
  const container = (o: K8sObject) => o.spec.template.spec.containers[0];
  const serverNames = () => Array.from({ length: nats.spec.replicas as number }, (_, i) => `${nats.metadata.name}-${i}.${nats.spec.serviceName}`);

  it('runs three NATS servers, each with its own volume, behind a headless Service and a client Service', () => {
    expect(nats.spec.replicas).toBe(3);
    const headless = named(objects, 'Service', nats.spec.serviceName)!;
    expect(headless.spec).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: true, selector: nats.spec.selector.matchLabels });
    expect(headless.spec.ports.map((p: { port: number }) => p.port).sort()).toEqual([4222, 6222]);
    const client = named(objects, 'Service', 'nats-client')!;
    expect(client.spec.clusterIP).toBeUndefined();
    expect(client.spec).toMatchObject({ selector: nats.spec.selector.matchLabels, ports: [{ port: 4222 }] });
    const claim = nats.spec.volumeClaimTemplates.find((t: K8sObject) => t.metadata.name === 'data');
    expect(claim?.spec.resources.requests.storage).toBeDefined();
    expect(container(nats).volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    // Spread over nodes, and a drain takes one at a time (two of three keep JetStream's majority).
    expect(nats.spec.template.spec.topologySpreadConstraints[0]).toMatchObject({
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'DoNotSchedule',
    });
    expect(byKind(objects, 'PodDisruptionBudget').find((p) => p.spec.selector.matchLabels['app.kubernetes.io/name'] === 'nats')?.spec).toMatchObject({
      maxUnavailable: 1,
    });
  });

  it('joins the servers with cluster routes to each of them and keeps JetStream on their volume', () => {
    const routes = [...natsConf.matchAll(/nats:\/\/([\w.-]+):6222/g)].map((m) => m[1]);
    expect(routes).toEqual(serverNames());
    expect(natsConf).toMatch(/^\s*cluster\s*\{/m);
    expect(natsConf).toMatch(/^\s*jetstream\s*\{[^}]*store_dir:\s*\/data\b/m);
    expect(natsConf).toMatch(/server_name:\s*\$POD_NAME/);
    expect(container(nats).env).toContainEqual({ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });
  });

  it('gives nats-server a configuration it accepts', () => {
    const bin = natsBinary();
    if (!bin) throw new Error('nats-server not found: install it or set NATS_SERVER_BIN');
    const dir = mkdtempSync(path.join(tmpdir(), 'bk-nats-conf-'));
    try {
      writeFileSync(path.join(dir, 'nats.conf'), natsConf);
      const out = execFileSync(bin, ['-t', '-c', path.join(dir, 'nats.conf')], {
        encoding: 'utf8',
        env: { ...process.env, POD_NAME: `${nats.metadata.name}-0` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(out).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names all three servers in every process's NATS_URL, and keeps geo-search's bucket at three copies", () => {
    expect(natsServers(config.data.NATS_URL)).toEqual(serverNames().map((host) => `nats://${host}:4222`));
    expect(Number(config.data.NATS_JETSTREAM_REPLICAS)).toBe(nats.spec.replicas);
    for (const d of byKind(objects, 'Deployment')) {
      const c = container(d);
      expect({ app: d.metadata.name, config: c.envFrom }).toEqual({
        app: d.metadata.name,
        config: expect.arrayContaining([{ configMapRef: { name: 'bleedkits-config' } }]),
      });
      // No process overrides the list with one server.
      expect((c.env ?? []).map((e: { name: string }) => e.name)).not.toContain('NATS_URL');
    }
  });

  it('runs Redis append-only (fsync every second) on its own volume, never evicting a key', () => {
    const redis = named(objects, 'StatefulSet', 'redis')!;
    const conf = redisDirectives(named(objects, 'ConfigMap', 'redis-config')!.data['redis.conf']);
    expect(conf).toMatchObject({ appendonly: 'yes', appendfsync: 'everysec', 'maxmemory-policy': 'noeviction', dir: '/data' });
    expect(container(redis).args).toEqual(['/etc/redis/redis.conf']);
    expect(container(redis).volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    expect(redis.spec.volumeClaimTemplates.map((t: K8sObject) => t.metadata.name)).toEqual(['data']);
    const service = named(objects, 'Service', 'redis')!;
    expect(config.data.REDIS_URL).toBe(`redis://${service.metadata.name}:${service.spec.ports[0].port}`);
    expect(service.spec.selector).toEqual(redis.spec.selector.matchLabels);
  });

  it("admits the register's pods to NATS and Redis, and the NATS servers to each other's routes", () => {
    const rules = byKind(objects, 'NetworkPolicy').flatMap((p) =>
      (p.spec.ingress ?? []).map((rule: any) => ({
        pods: p.spec.podSelector.matchLabels,
        from: rule.from,
        ports: rule.ports.map((x: { port: unknown }) => x.port),
      })),
    );
    const register = [{ podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'bleedkits' } } }];
    expect(rules).toEqual(
      expect.arrayContaining([
        { pods: { 'app.kubernetes.io/name': 'nats' }, from: register, ports: ['client'] },
        {
          pods: { 'app.kubernetes.io/name': 'nats' },
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } }],
          ports: ['cluster'],
        },
        { pods: { 'app.kubernetes.io/name': 'redis' }, from: register, ports: ['redis'] },
      ]),
    );
  });
});
