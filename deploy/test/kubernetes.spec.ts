import { parse } from 'yaml';
import { type K8sObject, OVERLAYS, byKind, named, render } from './kustomize';
import { apps, read } from './repo';

/** The model class of kubernetes-models (JSON schemas of the Kubernetes API, shipped in the npm package). */
function validate(object: K8sObject): void {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : [undefined, object.apiVersion];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- one model module per kind
  const models = require(`kubernetes-models/${group ? `${group}/` : ''}${version}/${object.kind}`) as Record<
    string,
    new (o: unknown) => { validate(): void }
  >;
  new models[object.kind](object).validate();
}

const memoryBytes = (q: string) => {
  const m = /^(\d+(?:\.\d+)?)(Mi|Gi)$/.exec(q)!;
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 ** 3 : 1024 ** 2);
};

/** ISSUE 16, acceptance 5 (Kubernetes): every overlay renders with kustomize and validates against the schemas. */
describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = render(`k8s/overlays/${overlay}`);
  const deployments = byKind(objects, 'Deployment');

  it('renders and every object validates against its Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) {
      try {
        validate(object);
      } catch (e) {
        throw new Error(`${object.kind}/${object.metadata.name}: ${(e as Error).message}`);
      }
    }
  });

  it('deploys every app with a pinned image, a read-only root filesystem, non-root, and probes on the real endpoints', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(
      apps()
        .map((a) => a.name)
        .sort(),
    );
    for (const d of deployments) {
      const pod = d.spec.template.spec;
      const [c] = pod.containers;
      expect({ name: d.metadata.name, image: c.image }).toEqual({ name: d.metadata.name, image: expect.stringMatching(/:[\w][\w.-]*$/) });
      expect(c.image).not.toMatch(/:latest$/);
      expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      const metricsPort = c.ports.find((p: { name: string }) => p.name === 'metrics');
      expect(metricsPort?.containerPort).toBe(9100);
      expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'metrics' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'metrics' });
      expect(c.resources.requests.memory).toBeDefined();
      expect(c.resources.limits.memory).toBeDefined();
      // The graceful stop (SHUTDOWN_TIMEOUT_MS) fits in the grace period.
      const config = named(objects, 'ConfigMap', 'bleedkits-config')!;
      expect(Number(config.data.SHUTDOWN_TIMEOUT_MS) / 1000).toBeLessThan(pod.terminationGracePeriodSeconds);
      expect(d.spec.template.metadata.labels['app.kubernetes.io/part-of']).toBe('bleedkits');
    }
  });

  it('sizes geo-search above its measured peak and scales geo-search and the gateway', () => {
    const geo = named(objects, 'Deployment', 'geo-search')!.spec.template.spec.containers[0];
    // Measured peak: 1.33 GB at 1,000,000 kits, 467 MB at 30,000 (bench/README.md).
    const peak = overlay === 'production' ? 1.33e9 : 467e6;
    expect(memoryBytes(geo.resources.limits.memory)).toBeGreaterThan(peak * 1.3);
    expect(memoryBytes(geo.resources.requests.memory)).toBeGreaterThan(peak);
    for (const name of ['geo-search', 'gateway']) {
      const hpa = named(objects, 'HorizontalPodAutoscaler', name);
      expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(named(objects, 'Deployment', name)!.spec.replicas).toBeUndefined();
    }
    for (const d of deployments)
      expect(byKind(objects, 'PodDisruptionBudget').some((p) => p.spec.selector.matchLabels['app.kubernetes.io/name'] === d.metadata.name)).toBe(
        true,
      );
  });

  it('lets only the gateway be reached from the Ingress, and metrics only from the monitoring namespace', () => {
    const [ingress] = byKind(objects, 'Ingress');
    const backends = ingress.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service));
    expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
    const gatewayService = named(objects, 'Service', 'gateway')!;
    expect(gatewayService.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }]);
    for (const s of byKind(objects, 'Service')) expect(s.spec.ports.map((p: { targetPort: unknown }) => p.targetPort)).not.toContain('metrics');

    const policies = byKind(objects, 'NetworkPolicy');
    expect(named(objects, 'NetworkPolicy', 'default-deny-ingress')?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    const opened = policies.flatMap((p) =>
      (p.spec.ingress ?? []).map((rule: any) => ({
        pods: p.spec.podSelector.matchLabels,
        from: rule.from,
        ports: rule.ports.map((x: { port: unknown }) => x.port),
      })),
    );
    expect(opened).toEqual(
      expect.arrayContaining([
        {
          pods: { 'app.kubernetes.io/name': 'gateway' },
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
          ports: ['http'],
        },
        {
          pods: { 'app.kubernetes.io/part-of': 'bleedkits' },
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          ports: ['metrics'],
        },
      ]),
    );
    // The register's NATS servers and Redis (k8s-cluster.spec.ts checks whom they admit).
    expect(opened.filter((o) => !['nats', 'redis'].includes(o.pods['app.kubernetes.io/name']))).toHaveLength(2);
  });
});

describe('k8s/base/secret.template.yaml', () => {
  it('holds only CHANGE-ME placeholders for the secrets a production start refuses', () => {
    const secret = parse(read('k8s/base/secret.template.yaml')) as { stringData: Record<string, string> };
    for (const key of ['DATABASE_URL', 'SESSION_SECRET', 'ADMIN_PASSWORD', 'BACKUP_ENCRYPTION_KEY'])
      expect(secret.stringData[key]).toMatch(/CHANGE-ME/);
  });
});
