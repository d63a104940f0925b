/** Time as the backups context sees it; tests pass a simulated calendar. */
export abstract class Clock {
  abstract now(): Date;
}
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
