import { readServiceEnv } from '@bleedkits/platform';

export function readKitsEnv(source: NodeJS.ProcessEnv = process.env) {
  return readServiceEnv(source);
}
export type KitsEnv = ReturnType<typeof readKitsEnv>;
