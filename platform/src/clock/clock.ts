/**
 * The time a context reads its rules at (due days, retention, token expiry, how stale a fact is). An abstract class
 * rather than a type, so it is its own Nest injection token: a handler asks for `Clock`, a module provides
 * `SystemClock`, and a test provides a clock it moves (`fixedClock` / `runningClock` in platform/src/testing).
 */
export abstract class Clock {
  abstract now(): Date;
}

/** The machine's clock. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
