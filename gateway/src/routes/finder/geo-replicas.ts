import { GeoSearchWire } from '@bleedkits/contracts';

/**
 * The geo-search replicas this gateway heard from lately (each announces its index tag and name every second), asked
 * in turn by name. A replica that stops announcing (cut off from the network: it cannot say so, and NATS would keep
 * giving it queries until its pings fail) is left out after GeoSearchWire.silentAfterMs, and one that did not answer
 * a query in time is left out until it announces itself again, so the query is asked of another replica at once.
 * Empty (no replica announced a name: at start, or an older geo-search), the caller asks the queue group.
 */
export class GeoReplicas {
  private readonly lastHeard = new Map<string, number>();
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

  /** The next replica heard from lately, other than `except`; null when there is none. */
  pick(except?: string): string | null {
    const now = this.now();
    const live: string[] = [];
    for (const [replica, at] of this.lastHeard) {
      if (now - at > this.silentAfterMs) this.lastHeard.delete(replica);
      else if (replica !== except) live.push(replica);
    }
    if (live.length === 0) return null;
    this.turn = (this.turn + 1) % 1_000_000;
    return live[this.turn % live.length];
  }
}
