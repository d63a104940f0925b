/** The registered-kit counter's count-up (spec §4 Counter). */
export const COUNTER = { durationMs: 1500, minTotal: 10, maxTotal: 100_000, minStep: 1, maxStep: 5 } as const;

/** Only totals between 10 and 100000 (inclusive) animate; others are shown at once. */
export function shouldAnimateCount(total: number): boolean {
  return Number.isInteger(total) && total >= COUNTER.minTotal && total <= COUNTER.maxTotal;
}

/** The size of one step: 1 for small totals, growing with the total, never above 5. */
export function counterStepSize(total: number): number {
  return Math.min(COUNTER.maxStep, Math.max(COUNTER.minStep, Math.floor(total / 100)));
}

/**
 * The value shown `elapsedMs` after the animation started: whole steps spread evenly over the duration, so it reaches
 * the total at about 1.5 s. Totals outside the animated range are shown immediately.
 */
export function counterValueAt(total: number, elapsedMs: number): number {
  if (!shouldAnimateCount(total) || elapsedMs >= COUNTER.durationMs) return Math.max(0, total);
  if (elapsedMs <= 0) return 0;
  const step = counterStepSize(total);
  const steps = Math.ceil(total / step);
  const done = Math.floor((elapsedMs / COUNTER.durationMs) * steps);
  return Math.min(total, done * step);
}
