import { ErrorCode } from '../errors';
import type { Call } from './call';
import { KitsWire } from './kits.wire';

export { type Call } from './call';
export { KitsWire } from './kits.wire';

/**
 * The typed wire: every request/reply subject whose request and response are declared here. `NatsBus.request`
 * infers both from the subject; the receiving service checks the request before its handler runs. (Subjects of
 * the other contexts join as their contexts are given the same treatment.)
 */
export const Wire = { ...KitsWire } as const;

export type WireSubject = keyof typeof Wire;
type CallOf<S extends WireSubject> = (typeof Wire)[S];
export type WireRequest<S extends WireSubject> = CallOf<S> extends Call<infer Req, unknown> ? Req : never;
export type WireResponse<S extends WireSubject> = CallOf<S> extends Call<unknown, infer Res> ? Res : never;

export const isWireSubject = (subject: string): subject is WireSubject => Object.hasOwn(Wire, subject);

/** What is wrong with a request received on a typed subject (none when it is well formed, or the subject is not typed). */
export function wireRequestProblems(subject: string, data: unknown): string[] {
  if (!isWireSubject(subject)) return [];
  const checked = Wire[subject].check.safeParse(data);
  if (checked.success) return [];
  return checked.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

export const malformedRequestBody = (subject: string, problems: string[]) => ({
  code: ErrorCode.ValidationFailed,
  message: `Malformed request to ${subject}`,
  errors: problems,
});
