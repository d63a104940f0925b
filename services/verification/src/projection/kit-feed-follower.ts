import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type KitChange, type KitChangesResponse, QueueNames, restockIdempotencyKey } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Clock, InjectTypedQueue, NatsBus, RevisionFeedFollower, type TypedQueue } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';
import { isNewDeployment, projectedKitOf } from '../domain/projected-kit';
import { ProjectionRepository } from '../database/projection.repository';
import { EmailRecordRepository } from '../database/email-record.repository';
import { queueRestockNotices } from '../commands/restock-notice/restock-notice.handler';

/**
 * Keeps verification's projection of active kits current from kits.changes (the full record: custodian, dates,
 * deployment), with the platform's feed follower: from the stored position at start, on every hint, on a timer;
 * far behind the feed's head (a bulk update gives every kit a revision) it reads ranges in parallel.
 * Each page is applied in one transaction with the position. A kit seen becoming deployed leaves a restock notice
 * in the same transaction; the notices are then queued as jobs (and again after every catch-up, so a crash between
 * the two loses nothing).
 */
@Injectable()
export class KitFeedFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('verification:KitFeedFollower');
  private readonly follower: RevisionFeedFollower<KitChange, KitChangesResponse>;

  constructor(
    private readonly bus: NatsBus,
    private readonly projection: ProjectionRepository,
    private readonly records: EmailRecordRepository,
    @InjectTypedQueue(QueueNames.verificationReminders) private readonly queue: TypedQueue<typeof QueueNames.verificationReminders>,
    private readonly clock: Clock,
    @Inject(VERIFICATION_ENV) env: VerificationEnv,
  ) {
    this.follower = new RevisionFeedFollower<KitChange, KitChangesResponse>({
      name: 'verification',
      bus,
      hintSubject: KitsSubjects.changed,
      intervalMs: env.VERIFICATION_CATCHUP_INTERVAL_MS,
      pageSize: env.VERIFICATION_FEED_PAGE_SIZE,
      parallelRanges: env.VERIFICATION_FEED_PARALLEL_RANGES,
      rangeSize: env.VERIFICATION_FEED_RANGE_SIZE,
      // Each range is one transaction: a bulk update's cost is then its rows, not a commit per page.
      applyRangeAsOnePage: true,
      position: () => this.projection.position(),
      readPage: (afterRevision, upToRevision) =>
        bus.request(KitsSubjects.changes, { afterRevision, limit: env.VERIFICATION_FEED_PAGE_SIZE, upToRevision }, 10_000),
      applyPage: (page) => this.apply(page),
      afterCatchUp: () =>
        void queueRestockNotices(this.records, this.queue).catch((e: Error) =>
          this.logger.warn({ msg: 'restock notices not queued', error: e.message }),
        ),
    });
  }

  /**
   * Whether the kits feed holds changes after `position` (the reports then say they are catching up). A feed that
   * does not answer counts as ahead: the page keeps saying "Updating…" rather than claim it is current.
   */
  async isBehindFeed(position: number): Promise<boolean> {
    try {
      const page = await this.bus.request(KitsSubjects.changes, { afterRevision: position, limit: 1 }, 2000);
      return page.changes.length > 0;
    } catch {
      return true;
    }
  }

  private async apply(page: KitChangesResponse): Promise<boolean> {
    const now = this.clock.now();
    // Within a page a kit may appear more than once: its latest change wins.
    const latest = new Map<number, KitChange>();
    for (const c of page.changes) latest.set(c.kitId, c);
    await this.projection.transaction(async (m) => {
      // Only a kit now deployed can be a new deployment, so only those are read (and locked) first: a bulk date
      // update's pages are then one upsert each.
      const deployed = [...latest.values()].filter((c) => c.kit?.deploymentStatus === 'deployed').map((c) => c.kitId);
      const before = await this.projection.findByIds(m, deployed);
      const active = [];
      const gone = [];
      for (const c of latest.values()) {
        const kit = c.kit ? projectedKitOf(c.kit, c.revision) : null;
        if (!kit) {
          gone.push({ id: c.kitId, revision: c.revision });
          continue;
        }
        if (isNewDeployment(before.get(c.kitId) ?? null, kit, now)) {
          await this.records.owesRestock(m, {
            kitId: kit.id,
            deployedAt: kit.deploymentChangedAt!,
            idempotencyKey: restockIdempotencyKey(kit.id, kit.deploymentChangedAt!),
          });
        }
        active.push(kit);
      }
      await this.projection.upsert(m, active);
      await this.projection.deactivate(m, gone);
      await this.projection.advanceTo(m, page.lastRevision);
    });
    return page.changes.length > 0;
  }

  onApplicationBootstrap(): void {
    void this.follower.start();
  }

  catchUp(): Promise<void> {
    return this.follower.catchUp();
  }

  async onModuleDestroy(): Promise<void> {
    await this.follower.stop();
  }
}
