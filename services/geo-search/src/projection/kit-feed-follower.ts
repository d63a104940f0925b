import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Subscription } from 'nats';
import { type KitChangedHint, type KitChangesRequest, KitsSubjects, type PublicKitChangesResponse } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { SpatialIndex } from '../spatial/spatial-index';
import { GeoNatsConnection } from '../transport/geo-nats-connection';
import { KitProjection } from './kit-projection';

/**
 * Follows the kits revision feed (ARCHITECTURE, data flow) in its public form, kits.public-changes: pages through
 * it from the projection's revision at start, then catches up on every kits.changed hint and on a timer, so a lost
 * hint only delays an update. The hint is subscribed WITHOUT a queue group: every replica must hear it.
 * Catch-ups never overlap; one asked for during another runs right after it.
 *
 * A long read (the first load of a million kits, or a long outage) goes in parallel: every page says the feed's head
 * revision, and every revision up to it is already committed (writers commit in revision order), so the revisions
 * between the first page and that head are read as GEO_FEED_PARALLEL_RANGES ranges at once and applied strictly in
 * order. The kits service, Postgres and this process then work at the same time. Newer changes follow page by page.
 */
@Injectable()
export class KitFeedFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('KitFeedFollower');
  private hintSubscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private failing = false;

  constructor(
    private readonly bus: NatsBus,
    private readonly nats: GeoNatsConnection,
    private readonly projection: KitProjection,
    private readonly index: SpatialIndex,
    @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.nats.whenConnected((nc) => {
      this.hintSubscription = nc.subscribe(KitsSubjects.changed, {
        callback: (err, msg) => {
          if (err) return;
          if (hintRevision(msg.data) > this.projection.revision) void this.catchUp();
        },
      });
    });
    this.timer = setInterval(() => void this.catchUp(), this.env.GEO_CATCHUP_INTERVAL_MS);
    this.timer.unref();
    void this.catchUp();
  }

  /** Stops listening to hints; the timer alone keeps the projection current (operations, and the lost-hint test). */
  stopListeningToHints(): void {
    this.hintSubscription?.unsubscribe();
    this.hintSubscription = null;
  }

  /** Reads every change after the projection's revision, then asks for a (coalesced) index rebuild. */
  catchUp(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.readFeed();
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async readFeed(): Promise<void> {
    let changed = false;
    const applyPage = (page: PublicKitChangesResponse) => {
      if (this.projection.apply(page.changes)) changed = true;
      this.projection.advanceTo(page.lastRevision);
    };
    try {
      let page = await this.page(this.projection.revision);
      applyPage(page);
      if (page.hasMore && page.headRevision - page.lastRevision > 2 * this.env.GEO_FEED_PAGE_SIZE) {
        for await (const range of this.rangesUpTo(page.lastRevision, page.headRevision)) for (const p of range) applyPage(p);
        page = await this.page(this.projection.revision);
        applyPage(page);
      }
      while (page.hasMore && page.changes.length > 0 && !this.closed) {
        page = await this.page(page.lastRevision);
        applyPage(page);
      }
      if (this.failing) this.logger.log('kits change feed reachable again');
      this.failing = false;
    } catch (e) {
      if (!this.failing) this.logger.warn({ msg: 'kits change feed unavailable; retrying on the timer', error: (e as Error).message });
      this.failing = true;
    }
    // The first index waits for a complete read (an empty register included); later ones follow every change.
    const first = !this.index.current();
    if (first ? !this.failing : changed) this.index.requestRebuild();
  }

  private page(afterRevision: number, upToRevision?: number): Promise<PublicKitChangesResponse> {
    return this.bus.request<PublicKitChangesResponse, KitChangesRequest>(
      KitsSubjects.publicChanges,
      { afterRevision, limit: this.env.GEO_FEED_PAGE_SIZE, upToRevision },
      this.env.GEO_FEED_TIMEOUT_MS,
    );
  }

  /** Every page of one revision range (after, upTo], in order. */
  private async range(after: number, upTo: number): Promise<PublicKitChangesResponse[]> {
    const pages: PublicKitChangesResponse[] = [];
    for (let from = after; !this.closed; ) {
      const page = await this.page(from, upTo);
      pages.push(page);
      if (!page.hasMore || page.changes.length === 0) break;
      from = page.lastRevision;
    }
    return pages;
  }

  /**
   * The committed revisions (after, head] as ranges of one page each, yielded in order while up to
   * GEO_FEED_PARALLEL_RANGES of them are being read.
   */
  private async *rangesUpTo(after: number, head: number): AsyncGenerator<PublicKitChangesResponse[]> {
    const size = this.env.GEO_FEED_PAGE_SIZE;
    const inFlight: Promise<PublicKitChangesResponse[]>[] = [];
    let next = after;
    const refill = () => {
      while (inFlight.length < Math.max(1, this.env.GEO_FEED_PARALLEL_RANGES) && next < head && !this.closed) {
        const reading = this.range(next, Math.min(head, next + size));
        reading.catch(() => undefined); // awaited in order below; this only keeps an abandoned one from going unhandled
        inFlight.push(reading);
        next = Math.min(head, next + size);
      }
    };
    refill();
    while (inFlight.length > 0) {
      const pages = await inFlight.shift()!;
      if (this.closed) return; // a range cut short by shutdown must not be applied as if complete
      refill();
      yield pages;
    }
  }

  onModuleDestroy(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.stopListeningToHints();
  }
}

function hintRevision(data: Uint8Array): number {
  try {
    const packet = JSON.parse(Buffer.from(data).toString('utf8')) as { data?: KitChangedHint } & Partial<KitChangedHint>;
    return Number(packet.data?.revision ?? packet.revision) || Number.MAX_SAFE_INTEGER;
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}
