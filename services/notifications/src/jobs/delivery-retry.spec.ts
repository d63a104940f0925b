import { cappedBackoff, DELIVERY_BACKOFF } from './delivery-retry';

describe(cappedBackoff.name, () => {
  it('doubles from the base and never exceeds the cap', () => {
    const job = { opts: { backoff: { type: DELIVERY_BACKOFF, delay: 1000, maxDelay: 5000 } } };
    expect([1, 2, 3, 4, 5].map((n) => cappedBackoff(n, DELIVERY_BACKOFF, undefined, job as never))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
