// The benchmarks' percentiles and rounding, one definition for every bench.

/** The p-th percentile (nearest rank) of values already sorted ascending; null for none. */
export const percentileOfSorted = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null;

/** The p-th percentile (nearest rank) of values in any order; null for none. */
export const percentile = (values, p) =>
  percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );

/** x to d decimals; null stays null. */
export const round = (x, d = 1) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);
