import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT, apps } from './repo';

/** One variable of an env schema (envalid): who reads it and whether it has a working default. */
export type ReadVariable = { name: string; app: string; offUnlessSet: boolean };

/**
 * What a deployment passes to each app: the variables each compose service and each k8s Deployment sets, the k8s
 * ConfigMap every Deployment takes whole (envFrom), and the keys of the Secret template.
 */
export type Passed = {
  compose: Map<string, Set<string>>;
  k8s: Map<string, Set<string>>;
  k8sConfigMap: Set<string>;
  k8sSecret: Set<string>;
  envExample: Set<string>;
};

/**
 * The files of the repository (non-spec TypeScript under gateway/src and services/<context>/src) that declare an env
 * schema with envalid's cleanEnv. Found anew on every run, so a schema added tomorrow is checked too.
 */
export function envSchemaFiles(root = ROOT): { app: string; file: string }[] {
  const found: { app: string; file: string }[] = [];
  const walk = (dir: string, app: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (entry === 'node_modules' || entry === 'testing') continue;
      if (statSync(full).isDirectory()) walk(full, app);
      else if (/\.ts$/.test(entry) && !/spec\.ts$/.test(entry) && /\bcleanEnv\(/.test(readFileSync(full, 'utf8'))) found.push({ app, file: full });
    }
  };
  for (const { name, dir } of apps()) walk(path.join(root, dir, 'src'), name);
  return found;
}

/** Variable names of `.env.example`: both `NAME=value` and the commented-out `# NAME=default` lines. */
export function envExampleNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

type ComposeService = { profiles?: string[]; build?: unknown; environment?: Record<string, unknown> };

/** Per app (a compose service built from this repository), the names of the variables compose passes. */
export function composePassed(text: string): Map<string, Set<string>> {
  const compose = parse(text, { merge: true }) as { services: Record<string, ComposeService> };
  const passed = new Map<string, Set<string>>();
  for (const [name, service] of Object.entries(compose.services)) {
    if (!service.build) continue;
    passed.set(name, new Set(Object.keys(service.environment ?? {})));
  }
  return passed;
}

type K8sDoc = {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: { template: { spec: { containers: { env?: { name: string }[]; envFrom?: { configMapRef?: { name: string } }[] }[] } } };
};

/** The k8s base manifests: what each Deployment sets itself, the ConfigMap it takes whole, and the Secret's keys. */
export function k8sPassed(dir: string): Pick<Passed, 'k8s' | 'k8sConfigMap' | 'k8sSecret'> {
  const docs: K8sDoc[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const full = path.join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry) && entry !== 'kustomization.yaml')
        docs.push(...parseAllDocuments(readFileSync(full, 'utf8')).map((doc) => doc.toJS() as K8sDoc));
    }
  };
  walk(dir);
  const k8s = new Map<string, Set<string>>();
  let k8sConfigMap = new Set<string>();
  let k8sSecret = new Set<string>();
  for (const doc of docs.filter(Boolean)) {
    if (doc.kind === 'ConfigMap' && doc.metadata.name === 'bleedkits-config') k8sConfigMap = new Set(Object.keys(doc.data ?? {}));
    if (doc.kind === 'Secret' && doc.metadata.name === 'bleedkits-secrets') k8sSecret = new Set(Object.keys(doc.stringData ?? doc.data ?? {}));
  }
  for (const doc of docs.filter((d) => d?.kind === 'Deployment')) {
    const [container] = doc.spec!.template.spec.containers;
    const own = (container.env ?? []).map((e) => e.name);
    const takesConfigMap = (container.envFrom ?? []).some((f) => f.configMapRef?.name === 'bleedkits-config');
    k8s.set(doc.metadata.name, new Set([...own, ...(takesConfigMap ? k8sConfigMap : [])]));
  }
  return { k8s, k8sConfigMap, k8sSecret };
}

/** What a checkout (the repository, or a fixture copy of one) passes, from its `.env.example`, compose file and k8s/base. */
export function passedIn(root: string): Passed {
  return {
    envExample: envExampleNames(readFileSync(path.join(root, '.env.example'), 'utf8')),
    compose: composePassed(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')),
    ...k8sPassed(path.join(root, 'k8s', 'base')),
  };
}

export type Allowances = {
  /** Off-unless-set variables a deployment deliberately leaves out (name → why). */
  perEnvironment: Record<string, string>;
  /** Passed or documented variables read outside the apps' env schemas (name → the file that reads it). */
  readElsewhere: Record<string, string>;
};

/**
 * Every mismatch between what the apps read and what `.env.example`, docker-compose.yml and the k8s manifests pass,
 * as sentences naming the variable and the place (empty: configuration matches).
 */
export function configurationDrift(read: ReadVariable[], passed: Passed, allow: Allowances): string[] {
  const problems: string[] = [];
  const readers = new Map<string, Set<string>>();
  for (const v of read) readers.set(v.name, (readers.get(v.name) ?? new Set()).add(v.app));
  const readByAnything = (name: string) => readers.has(name) || name in allow.readElsewhere;

  for (const name of [...readers.keys()].sort())
    if (!passed.envExample.has(name)) problems.push(`${name} is read by ${[...readers.get(name)!].join(', ')} but missing from .env.example`);

  const seen = new Set<string>();
  for (const v of read) {
    const key = `${v.app}/${v.name}`;
    if (!v.offUnlessSet || v.name in allow.perEnvironment || seen.has(key)) continue;
    seen.add(key);
    if (!passed.compose.get(v.app)?.has(v.name)) problems.push(`${v.name} is read by ${v.app} but docker-compose.yml does not pass it to ${v.app}`);
    if (!passed.k8s.get(v.app)?.has(v.name)) problems.push(`${v.name} is read by ${v.app} but the k8s manifests do not pass it to ${v.app}`);
  }

  const unread = (where: string, names: Iterable<string>) => {
    for (const name of [...names].sort()) if (!readByAnything(name)) problems.push(`${name} is passed by ${where} but read by nothing`);
  };
  unread('.env.example', passed.envExample);
  unread('the k8s ConfigMap', passed.k8sConfigMap);
  unread('the k8s Secret template', passed.k8sSecret);
  for (const [app, names] of passed.compose)
    for (const name of [...names].sort())
      if (!readers.get(name)?.has(app) && !(name in allow.readElsewhere))
        problems.push(`${name} is passed to ${app} by docker-compose.yml but ${app} does not read it`);
  for (const [app, names] of passed.k8s)
    for (const name of [...names].sort())
      if (!passed.k8sConfigMap.has(name) && !readers.get(name)?.has(app) && !(name in allow.readElsewhere))
        problems.push(`${name} is passed to ${app} by the k8s manifests but ${app} does not read it`);
  return problems;
}

/** A name the allow-list says is read elsewhere must really appear in that file (so the list cannot rot). */
export function staleAllowances(allow: Allowances, root = ROOT): string[] {
  return Object.entries(allow.readElsewhere)
    .filter(([name, file]) => !existsSync(path.join(root, file)) || !readFileSync(path.join(root, file), 'utf8').includes(name))
    .map(([name, file]) => `${name}: ${file} does not read it`);
}
