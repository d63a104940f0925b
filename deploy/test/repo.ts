import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

/** Every app that becomes an image: each service context and the gateway, as found in the repository. */
export function apps(): { name: string; dir: string }[] {
  const services = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, dir: `services/${d.name}` }));
  return [...services, { name: 'gateway', dir: 'gateway' }];
}

/** The names every `name: 'bk_…'` metric definition in the sources gives. */
export function definedMetricNames(): Set<string> {
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
