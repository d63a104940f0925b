import { readServiceEnv } from '@bleedkits/platform';

export function readVerificationEnv(source: NodeJS.ProcessEnv = process.env) {
  return readServiceEnv(source);
}
export type VerificationEnv = ReturnType<typeof readVerificationEnv>;
