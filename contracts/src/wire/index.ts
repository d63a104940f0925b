import { ErrorCode } from '../errors';
import type { Call } from './call';
import { BackupsWire } from './backups.wire';
import { GeoSearchWire } from './geo-search.wire';
import { IdentityWire } from './identity.wire';
import { ImportsWire } from './imports.wire';
import { KitsWire } from './kits.wire';
import { NotificationsWire } from './notifications.wire';
import { VerificationWire } from './verification.wire';

export { type Call } from './call';
export { BackupsSubjects, BackupsWire } from './backups.wire';
export { GeoSearchSubjects, GeoSearchWire } from './geo-search.wire';
export { IdentitySubjects, IdentityWire } from './identity.wire';
export { ImportsSubjects, ImportsWire } from './imports.wire';
export { KitsSubjects, KitsWire } from './kits.wire';
export { NotificationsSubjects, NotificationsWire } from './notifications.wire';
export { VerificationSubjects, VerificationWire } from './verification.wire';

/**
 * The typed wire: every request/reply subject whose request and response are declared here, of every context.
 * `NatsBus.request` infers both from the subject; the receiving service checks the request before its handler runs.
 *
 * Left out on purpose, because no Nest handler receives them and no envelope carries their answer:
 * - geo-search's hot queries (viewport, nearby, search) and the public snapshot's chunks: raw bytes both ways
 *   (`requestRaw`, contracts/src/finder/geo-search-wire.ts), answered by the hot-query server before Nest;
 * - the benchmark's PostGIS baseline (bench.qry.*), a bench-only responder on the same raw wire;
 * - every context's health subject (`healthSubject`), asked with `{}` by probes and answered by the platform;
 * - events (`*.evt.*`: kits.changed, geo-search's index-changed), which have no reply.
 */
export const Wire = {
  ...KitsWire,
  ...IdentityWire,
  ...VerificationWire,
  ...ImportsWire,
  ...NotificationsWire,
  ...BackupsWire,
  ...GeoSearchWire,
} as const;

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
