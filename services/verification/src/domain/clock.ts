/** The time the verification rules are read at; tests move it to cross a due day. */
export type Clock = { now(): Date };
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => new Date() };
