import { readServiceEnv } from '@bleedkits/platform';

export function readGeoSearchEnv(source: NodeJS.ProcessEnv = process.env) {
  return readServiceEnv(source);
}
export type GeoSearchEnv = ReturnType<typeof readGeoSearchEnv>;
