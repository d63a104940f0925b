/**
 * Hedged queries ("The Tail at Scale", Dean and Barroso, 2013): a map query not answered within a short delay is
 * asked again of another replica, and the first answer is used. A replica pauses now and then (a full collection of
 * its index's heap, a long answer ahead in its queue); the people whose queries it holds would otherwise wait out the
 * pause. A budget bounds the extra work so that, under a load the replicas can barely carry, hedges cannot pile on.
 */
export class HedgeBudget {
  private tokens: number;

  /** `share`: the part of all queries that may be asked twice over time; `burst`: how many at once. */
  constructor(
    private readonly share: number,
    private readonly burst = 20,
  ) {
    this.tokens = share > 0 ? burst : 0;
  }

  /** A query was asked: it earns `share` of a hedge. */
  earn(): void {
    this.tokens = Math.min(this.burst, this.tokens + this.share);
  }

  /** Whether a hedge may be sent now (and if so, it is spent). */
  spend(): boolean {
    // A hair of tolerance: ten shares of 0.1 add up to 0.9999999999999999.
    if (this.tokens < 1 - 1e-9) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The answer of `first`, unless it has not come after `afterMs`: then `second()` may start another attempt (null:
 * none), and whichever answers first is the answer. It fails only once every attempt started has failed, with the first
 * failure; a failure of `first` before the delay fails at once (the caller decides whether to ask again).
 */
export function hedged<T>(first: Promise<T>, afterMs: number, second: () => Promise<T> | null): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let pending = 1;
    let failure: { error: unknown } | null = null;
    const answer = (value: T) => {
      clearTimeout(timer);
      resolve(value);
    };
    const fail = (error: unknown) => {
      failure ??= { error };
      if (--pending > 0) return;
      clearTimeout(timer);
      reject(failure.error);
    };
    const timer = setTimeout(() => {
      const other = second();
      if (!other) return;
      pending++;
      other.then(answer, fail);
    }, afterMs);
    first.then(answer, fail);
  });
}
