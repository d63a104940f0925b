import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type PublicKitChange, type PublicKitChangesResponse } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus, RevisionFeedFollower } from '@bleedkits/platform';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { observeIndex } from '../metrics/geo-search-metrics';
import { KitProjection } from './kit-projection';
import { ProjectionSnapshotStore, type RestoreOutcome } from './snapshot-store';

/**
 * Keeps the public projection current from kits.public-changes with the platform's feed follower (from the
 * projection's revision, on every kits.changed hint, on a timer; a long read in parallel ranges below the feed's
 * head). It starts from the stored snapshot when there is a usable one, so only the changes after it are read. The
 * projection is ready (and the replica joins its queue group) after the first complete read; from then on it stores
 * snapshots now and then for the replicas that start after it.
 */
@Injectable()
export class KitFeedFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('KitFeedFollower');
  private readonly follower: RevisionFeedFollower<PublicKitChange, PublicKitChangesResponse>;
  /** The newest revision the register reported committed (each feed page names it): the index's lag is measured from it. */
  private headRevision = 0;
  private readonly startedAt = Date.now();
  private readyAfterMs: number | null = null;
  private restored: RestoreOutcome | null = null;

  constructor(
    bus: NatsBus,
    private readonly projection: KitProjection,
    private readonly snapshots: ProjectionSnapshotStore,
    @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv,
  ) {
    this.follower = new RevisionFeedFollower<PublicKitChange, PublicKitChangesResponse>({
      name: 'geo-search',
      bus,
      hintSubject: KitsSubjects.changed,
      intervalMs: env.GEO_CATCHUP_INTERVAL_MS,
      pageSize: env.GEO_FEED_PAGE_SIZE,
      parallelRanges: env.GEO_FEED_PARALLEL_RANGES,
      position: () => projection.revision,
      readPage: async (afterRevision, upToRevision) => {
        const page = await bus.request(
          KitsSubjects.publicChanges,
          { afterRevision, limit: env.GEO_FEED_PAGE_SIZE, upToRevision },
          env.GEO_FEED_TIMEOUT_MS,
        );
        if (page.headRevision > this.headRevision) this.headRevision = page.headRevision;
        if (page.headRevision < afterRevision && !projection.isReady) this.discardSnapshot(page.headRevision);
        return page;
      },
      applyPage: (page) => {
        const changed = projection.apply(page.changes);
        projection.advanceTo(page.lastRevision);
        return changed;
      },
      afterCatchUp: ({ complete }) => {
        // Kits whose grace days ended since the last catch-up turn 'Needs Verification' (the timer runs this too).
        projection.refreshVerification();
        if (complete && !projection.isReady) this.becomeReady();
      },
    });
    observeIndex({
      kits: () => projection.size,
      revision: () => projection.revision,
      headRevision: () => this.headRevision,
      readyAfterSeconds: () => (this.readyAfterMs === null ? null : this.readyAfterMs / 1000),
      restoredFromSnapshot: () => this.restored?.from === 'snapshot',
    });
  }

  onApplicationBootstrap(): void {
    void this.snapshots
      .restore()
      .catch((e: unknown): RestoreOutcome => ({ from: 'feed', reason: 'corrupt', detail: (e as Error).message }))
      .then((outcome) => {
        this.restored = outcome;
        return this.follower.start();
      });
  }

  /** Where this replica started from (null until decided). */
  get startedFrom(): RestoreOutcome | null {
    return this.restored;
  }

  private becomeReady(): void {
    this.readyAfterMs = Date.now() - this.startedAt;
    this.projection.markReady();
    this.logger.log({
      msg: 'public projection ready',
      kits: this.projection.size,
      revision: this.projection.revision,
      readyAfterMs: this.readyAfterMs,
      from: this.restored?.from,
    });
    // With no snapshot stored yet, store one soon so the next replica can start from it.
    this.snapshots.startRefreshing(
      this.restored?.from === 'snapshot' ? undefined : this.env.GEO_PROJECTION_SNAPSHOT_FIRST_DELAY_MS * (1 + Math.random() / 2),
    );
  }

  /**
   * A snapshot newer than the register itself (the database was restored from a backup, or is another register):
   * the feed cannot continue it, so the replica starts again from revision 0.
   */
  private discardSnapshot(head: number): void {
    const snapshotRevision = this.projection.revision;
    this.logger.warn({ msg: 'the stored snapshot is ahead of the register: reading the whole feed instead', snapshotRevision, head });
    this.projection.reset();
    this.restored = { from: 'feed', reason: 'stale', detail: `snapshot at revision ${snapshotRevision} ahead of the register (${head})` };
    throw new Error('snapshot ahead of the register');
  }

  /** Stops listening to hints; the timer alone keeps the projection current (operations, and the lost-hint test). */
  stopListeningToHints(): void {
    this.follower.stopListeningToHints();
  }

  catchUp(): Promise<void> {
    return this.follower.catchUp();
  }

  async onModuleDestroy(): Promise<void> {
    await this.follower.stop();
  }
}
