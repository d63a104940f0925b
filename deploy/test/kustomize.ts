import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './repo';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: any;
};

export const OVERLAYS = ['staging', 'production'] as const;

/**
 * kustomize as kubectl carries it (`kubectl kustomize`, the same engine as `kustomize build`), offline: no cluster
 * and no download. kubectl is part of this project's machine image (CI runs there); the test says so plainly when
 * it is missing rather than passing without rendering.
 */
export function render(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', path.join(ROOT, dir)], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(`kubectl kustomize ${dir} failed (is kubectl installed?): ${(e as { stderr?: string }).stderr ?? (e as Error).message}`);
  }
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

export const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
export const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
