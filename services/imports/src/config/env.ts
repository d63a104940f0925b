import { readServiceEnv } from '@bleedkits/platform';

export function readImportsEnv(source: NodeJS.ProcessEnv = process.env) {
  return readServiceEnv(source);
}
export type ImportsEnv = ReturnType<typeof readImportsEnv>;
