/**
 * One event (`<context>.evt.<name>.v<n>`): its subject, and the check a payload must pass where it is heard. The
 * payload's type is inferred from the check, so the publisher's type and the subscriber's check cannot drift.
 * Events are fire-and-forget hints with no reply, so they are not part of the typed wire (contracts/src/wire).
 */
export type EventDeclaration<S extends string = string, P = unknown> = {
  readonly subject: S;
  readonly isPayload: (data: unknown) => data is P;
};

export const event = <S extends string, P>(subject: S, isPayload: (data: unknown) => data is P): EventDeclaration<S, P> => ({
  subject,
  isPayload,
});

/** A plain object (a parsed JSON payload), for the checks of the events' declarations. */
export const isPayloadObject = (data: unknown): data is Readonly<Record<string, unknown>> =>
  typeof data === 'object' && data !== null && !Array.isArray(data);
