import { fixedClock, runningClock } from '../testing/doubles';
import { Clock, SystemClock } from './clock';

describe(Clock.name, () => {
  it('reads the machine’s time by default', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('has one test double: a fixed clock stands still until moved', () => {
    const clock = fixedClock('2027-03-10T12:00:00Z');
    expect(clock).toBeInstanceOf(Clock);
    expect(clock.now().toISOString()).toBe('2027-03-10T12:00:00.000Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2027-03-10T12:01:00.000Z');
    clock.advanceDays(-1);
    expect(clock.now().toISOString()).toBe('2027-03-09T12:01:00.000Z');
    clock.set('2027-05-02T02:00:00Z');
    expect(clock.now().toISOString()).toBe('2027-05-02T02:00:00.000Z');
    // A caller that keeps the Date it was given cannot move the clock.
    clock.now().setFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2027);
  });

  it('and a running clock follows the real time, shifted', () => {
    const clock = runningClock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    clock.advanceDays(11);
    expect(Math.abs(clock.now().getTime() - (Date.now() + 11 * 86_400_000))).toBeLessThan(1000);
    clock.set('2030-01-01T00:00:00Z');
    expect(Math.abs(clock.now().getTime() - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(1000);
  });
});
