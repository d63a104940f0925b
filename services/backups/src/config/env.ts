import { readServiceEnv } from '@bleedkits/platform';

export function readBackupsEnv(source: NodeJS.ProcessEnv = process.env) {
  return readServiceEnv(source);
}
export type BackupsEnv = ReturnType<typeof readBackupsEnv>;
