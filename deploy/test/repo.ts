import { readFileSync, readdirSync } from 'node:fs';
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
