import { HedgeBudget, hedged } from './hedged-query';

/** A promise settled from outside, and whether anyone asked for it. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('hedged', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers with the first attempt when it answers within the delay, and never starts a second', async () => {
    const first = deferred<string>();
    const second = jest.fn(() => Promise.resolve('second'));
    const answer = hedged(first.promise, 25, second);
    first.resolve('first');
    await expect(answer).resolves.toBe('first');
    await jest.advanceTimersByTimeAsync(100);
    expect(second).not.toHaveBeenCalled();
  });

  it('starts a second attempt after the delay and answers with whichever answers first', async () => {
    const first = deferred<string>();
    const other = deferred<string>();
    const second = jest.fn(() => other.promise);
    const answer = hedged(first.promise, 25, second);
    await jest.advanceTimersByTimeAsync(24);
    expect(second).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(second).toHaveBeenCalledTimes(1);
    other.resolve('second');
    await expect(answer).resolves.toBe('second');
    first.resolve('first'); // late: ignored
  });

  it('still takes the first attempt when it answers after the second started', async () => {
    const first = deferred<string>();
    const answer = hedged(first.promise, 25, () => new Promise<string>(() => undefined));
    await jest.advanceTimersByTimeAsync(30);
    first.resolve('first');
    await expect(answer).resolves.toBe('first');
  });

  it('fails at once when the first attempt fails before the delay (the caller asks again), without a second', async () => {
    const first = deferred<string>();
    const second = jest.fn(() => Promise.resolve('second'));
    const answer = hedged(first.promise, 25, second);
    first.reject(new Error('gone'));
    await expect(answer).rejects.toThrow('gone');
    await jest.advanceTimersByTimeAsync(100);
    expect(second).not.toHaveBeenCalled();
  });

  it('waits for the other attempt when one fails after the second started; fails with the earlier failure when both do', async () => {
    const first = deferred<string>();
    const other = deferred<string>();
    const answer = hedged(first.promise, 25, () => other.promise);
    await jest.advanceTimersByTimeAsync(25);
    first.reject(new Error('first timed out'));
    other.resolve('second');
    await expect(answer).resolves.toBe('second');

    const a = deferred<string>();
    const b = deferred<string>();
    const both = hedged(a.promise, 25, () => b.promise);
    await jest.advanceTimersByTimeAsync(25);
    b.reject(new Error('second timed out'));
    a.reject(new Error('first timed out'));
    await expect(both).rejects.toThrow('second timed out');
  });

  it('keeps waiting for the first attempt when no second may be started', async () => {
    const first = deferred<string>();
    const answer = hedged(first.promise, 25, () => null);
    await jest.advanceTimersByTimeAsync(1000);
    first.resolve('late');
    await expect(answer).resolves.toBe('late');
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
