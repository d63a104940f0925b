import { GeoSearchWire } from '@bleedkits/contracts';

/**
 * The geo-search replicas this gateway heard from lately (each announces its index tag and name every second), asked
 * in turn by name. A replica that stops announcing (cut off from the network: it cannot say so, and NATS would keep
 * giving it queries until its pings fail) is left out after GeoSearchWire.silentAfterMs, and one that did not answer
 * a query in time is left out until it announces itself again, so the query is asked of another replica at once.
 * Empty (no replica announced a name: at start, or an older geo-search), the caller asks the queue group.
 *
 * Of the replicas heard from, a query goes to the one with the fewest queries outstanding from this gateway (in turn
 * among equals): one paused by a full garbage collection of its index, or by a long answer, piles up queries it has
 * not answered, and the next ones go to the others instead of queueing behind the pause.
 */
export class GeoReplicas {
  private readonly lastHeard = new Map<string, number>();
  private readonly outstanding = new Map<string, number>();
  private turn = 0;

  constructor(
    private readonly silentAfterMs: number = GeoSearchWire.silentAfterMs,
    private readonly now: () => number = Date.now,
  ) {}

  heard(replica: string): void {
    this.lastHeard.set(replica, this.now());
  }

  /** It did not answer in time: not asked again until its next announcement. */
  suspect(replica: string): void {
    this.lastHeard.delete(replica);
  }

  /** A query was sent to `replica`. */
  asked(replica: string): void {
    this.outstanding.set(replica, (this.outstanding.get(replica) ?? 0) + 1);
  }

  /** `replica` answered a query sent to it, or the query failed (timed out). */
  settled(replica: string): void {
    const left = (this.outstanding.get(replica) ?? 0) - 1;
    if (left > 0) this.outstanding.set(replica, left);
    else this.outstanding.delete(replica);
  }

  /** The replica heard from lately, other than `except`, with the fewest queries outstanding; null when there is none. */
  pick(except?: string): string | null {
    const now = this.now();
    const least: string[] = [];
    let fewest = Infinity;
    for (const [replica, at] of this.lastHeard) {
      if (now - at > this.silentAfterMs) {
        this.lastHeard.delete(replica);
        continue;
      }
      if (replica === except) continue;
      const n = this.outstanding.get(replica) ?? 0;
      if (n < fewest) {
        fewest = n;
        least.length = 0;
      }
      if (n === fewest) least.push(replica);
    }
    if (least.length === 0) return null;
    this.turn = (this.turn + 1) % 1_000_000;
    return least[this.turn % least.length];
  }
}
