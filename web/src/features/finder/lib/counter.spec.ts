import { COUNTER, counterStepSize, counterValueAt, shouldAnimateCount } from './counter';

describe(shouldAnimateCount.name, () => {
  it('animates only totals from 10 to 100000', () => {
    expect(shouldAnimateCount(9)).toBe(false);
    expect(shouldAnimateCount(10)).toBe(true);
    expect(shouldAnimateCount(100_000)).toBe(true);
    expect(shouldAnimateCount(100_001)).toBe(false);
    expect(shouldAnimateCount(0)).toBe(false);
  });
});

describe(counterStepSize.name, () => {
  it('steps by 1 to 5', () => {
    expect(counterStepSize(10)).toBe(1);
    expect(counterStepSize(250)).toBe(2);
    expect(counterStepSize(3_117)).toBe(5);
    expect(counterStepSize(100_000)).toBe(5);
  });
});

describe(counterValueAt.name, () => {
  it('shows totals outside the range at once', () => {
    expect(counterValueAt(7, 0)).toBe(7);
    expect(counterValueAt(250_000, 0)).toBe(250_000);
  });

  it('counts up from 0 to the total in about 1.5 s', () => {
    expect(COUNTER.durationMs).toBe(1500);
    expect(counterValueAt(3_117, 0)).toBe(0);
    expect(counterValueAt(3_117, 750)).toBeGreaterThan(1_400);
    expect(counterValueAt(3_117, 750)).toBeLessThan(1_700);
    expect(counterValueAt(3_117, 1_499)).toBeLessThan(3_117);
    expect(counterValueAt(3_117, 1_500)).toBe(3_117);
    expect(counterValueAt(3_117, 5_000)).toBe(3_117);
  });

  it('rises monotonically in whole steps of the step size', () => {
    for (const total of [10, 57, 420, 3_117, 100_000]) {
      const step = counterStepSize(total);
      let previous = 0;
      for (let t = 0; t < COUNTER.durationMs; t += 16) {
        const v = counterValueAt(total, t);
        expect(v).toBeGreaterThanOrEqual(previous);
        expect(v % step).toBe(0);
        previous = v;
      }
    }
  });
});
