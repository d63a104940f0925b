import { HedgeBudget, hedged } from './hedged-query';

/** An attempt that answers `value` after `ms` (fake timers). */
const answersAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
/** An attempt that fails with `message` after `ms`. */
const failsAfter = (ms: number, message: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));
/** An attempt that never answers. */
const never = () => new Promise<never>(() => undefined);

describe('hedged', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The outcome of a hedged query once the clock has moved on `ms`. */
  async function settle<T>(answer: Promise<T>, ms = 5000) {
    const outcome = answer.then(
      (value) => ({ value }),
      (e: Error) => ({ error: e.message }),
    );
    await jest.advanceTimersByTimeAsync(ms);
    return outcome;
  }

  it('answers with the first attempt when it answers within the delay, and never starts a second', async () => {
    const second = jest.fn(() => answersAfter(1, 'second'));
    expect(await settle(hedged(answersAfter(10, 'first'), 25, second))).toEqual({ value: 'first' });
    expect(second).not.toHaveBeenCalled();
  });

  it('starts a second attempt after the delay and answers with whichever answers first', async () => {
    const second = jest.fn(() => answersAfter(10, 'second'));
    const answer = hedged(answersAfter(1000, 'first'), 25, second);
    await jest.advanceTimersByTimeAsync(24);
    expect(second).not.toHaveBeenCalled();
    expect(await settle(answer)).toEqual({ value: 'second' });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('still takes the first attempt when it answers after the second started', async () => {
    expect(await settle(hedged(answersAfter(30, 'first'), 25, never))).toEqual({ value: 'first' });
  });

  it('fails at once when the first attempt fails before the delay (the caller asks again), without a second', async () => {
    const second = jest.fn(() => answersAfter(1, 'second'));
    const answer = hedged(failsAfter(5, 'gone'), 25, second);
    expect(await settle(answer, 10)).toEqual({ error: 'gone' });
    await jest.advanceTimersByTimeAsync(100);
    expect(second).not.toHaveBeenCalled();
  });

  it('waits for the other attempt when one fails after the second started; fails with the earlier failure when both do', async () => {
    expect(await settle(hedged(failsAfter(30, 'first timed out'), 25, () => answersAfter(10, 'second')))).toEqual({ value: 'second' });
    expect(await settle(hedged(failsAfter(40, 'first timed out'), 25, () => failsAfter(5, 'second timed out')))).toEqual({
      error: 'second timed out',
    });
  });

  it('keeps waiting for the first attempt when no second may be started', async () => {
    expect(await settle(hedged(answersAfter(1000, 'late'), 25, () => null))).toEqual({ value: 'late' });
  });
});

describe('HedgeBudget', () => {
  it('allows a burst, then one hedge per 1/share queries asked', () => {
    const budget = new HedgeBudget(0.1, 3);
    expect([budget.spend(), budget.spend(), budget.spend(), budget.spend()]).toEqual([true, true, true, false]);
    for (let i = 0; i < 9; i++) budget.earn();
    expect(budget.spend()).toBe(false);
    budget.earn();
    expect(budget.spend()).toBe(true);
  });

  it('never holds more than its burst, and allows nothing with a share of 0', () => {
    const budget = new HedgeBudget(0.5, 2);
    for (let i = 0; i < 100; i++) budget.earn();
    expect([budget.spend(), budget.spend(), budget.spend()]).toEqual([true, true, false]);
    const none = new HedgeBudget(0);
    none.earn();
    expect(none.spend()).toBe(false);
  });
});
