import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Subscription } from 'nats';
import { type KitChangedHint, type KitChangesRequest, type KitChangesResponse, KitsSubjects } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { SpatialIndex } from '../spatial/spatial-index';
import { GeoNatsConnection } from '../transport/geo-nats-connection';
import { KitProjection } from './kit-projection';

/**
 * Follows the kits revision feed (ARCHITECTURE, data flow): pages through kits.changes from the projection's
 * revision at start, then catches up on every kits.changed hint and on a timer, so a lost hint only delays an
 * update. The hint is subscribed WITHOUT a queue group: every replica must hear it. Catch-ups never overlap;
 * one asked for during another runs right after it.
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
    try {
      for (;;) {
        const page = await this.bus.request<KitChangesResponse, KitChangesRequest>(
          KitsSubjects.changes,
          { afterRevision: this.projection.revision, limit: this.env.GEO_FEED_PAGE_SIZE },
          this.env.GEO_FEED_TIMEOUT_MS,
        );
        if (this.projection.apply(page.changes)) changed = true;
        this.projection.advanceTo(page.lastRevision);
        if (!page.hasMore || page.changes.length === 0 || this.closed) break;
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
