import { Logger } from '@nestjs/common';
import type { EventPayload, EventSubject } from '@bleedkits/contracts';
import type { NatsBus } from '../nats/nats-bus';
import { type FeedLag, forgetFeedLag, observeFeedLag } from './feed-metrics';

/**
 * One page of a revision feed (kits.changes or kits.public-changes): changes after a revision, in order.
 * `headRevision`, where the feed names it, is the newest revision committed when the page was read.
 */
/** A catch-up of at least this many pages is logged with where its time went. */
const LONG_CATCH_UP_PAGES = 20;

/** A declared event whose payload names the revision committed (kits.evt.changed.v1): a feed's hint. */
export type RevisionHintSubject = { [S in EventSubject]: EventPayload<S> extends { revision: number } ? S : never }[EventSubject];

export type RevisionFeedPage<C> = { changes: C[]; lastRevision: number; hasMore: boolean; headRevision?: number };

export type RevisionFeedFollowerOptions<C, P extends RevisionFeedPage<C> = RevisionFeedPage<C>> = {
  /** For logs. */
  name: string;
  bus: NatsBus;
  /** The hint subject (kits.evt.changed.v1); heard by every replica, no queue group. */
  hintSubject: RevisionHintSubject;
  /** Reads the page after `afterRevision`, bounded above by `upToRevision` when given. */
  readPage(afterRevision: number, upToRevision?: number): Promise<P>;
  /**
   * Applies one page and records `lastRevision` as the consumer's position, atomically where the projection is
   * stored (a transaction for a Postgres projection). Called strictly in revision order, never concurrently.
   * It may answer whether the page changed the consumer's data (default: whether the page held changes).
   */
  applyPage(page: P): Promise<boolean | void> | boolean | void;
  /** Where the consumer stands now (its stored revision). */
  position(): Promise<number> | number;
  /** The timer catch-up: a lost hint delays an update by at most this. */
  intervalMs: number;
  /**
   * A long read (a first load, a long outage) goes in parallel when the feed names its head: every revision up to
   * the head is committed (writers commit in revision order), so ranges of `pageSize` below it are read this many
   * at once and applied strictly in order. 1 (the default) reads page by page.
   */
  parallelRanges?: number;
  pageSize?: number;
  /** Revisions of one parallel range (default `pageSize`); a range may take several pages of the feed. */
  rangeSize?: number;
  /**
   * Applies each range's pages as one page (their changes in order, the last page's position): a projection whose
   * cost is per transaction commits once per range rather than once per page. Memory is bounded by the ranges in
   * flight either way.
   */
  applyRangeAsOnePage?: boolean;
  /** After each catch-up, whether it reached the head (false: the feed failed) and whether any page changed data. */
  afterCatchUp?(outcome: { complete: boolean; changed: boolean }): void;
};

/**
 * Follows the kits revision feed (ARCHITECTURE, "Data flow between contexts"): from the consumer's stored position
 * it pages to the head at start, then again on every hint and on a timer, so a lost hint only delays an update and
 * a consumer that was down catches up from where it stopped. The hint is subscribed without a queue group: every
 * replica must hear it. Catch-ups never overlap; one asked for during another runs right after it. A failing read
 * is retried on the next hint or tick. Page by page, the next page is read while the last is applied (one ahead).
 * Far behind a feed that names its head, `parallelRanges` ranges are read at once; pages are always applied in order.
 */
export class RevisionFeedFollower<C, P extends RevisionFeedPage<C> = RevisionFeedPage<C>> {
  private readonly logger: Logger;
  private hint: { unsubscribe(): void } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private failing = false;
  /** The newest revision applied, so a hint about a revision already held costs no request. */
  private applied = -1;
  /** The newest revision known to be committed (a page's head, a hint); the lag is measured against it. */
  private knownHead = -1;
  /** When the last read that reached the head started (null: none yet, the lag counts from the start). */
  private caughtUpAt: number | null = null;
  private readonly startedAt = Date.now();
  private readonly lag: FeedLag;

  constructor(private readonly options: RevisionFeedFollowerOptions<C, P>) {
    this.logger = new Logger(`RevisionFeedFollower:${options.name}`);
    this.lag = {
      consumer: options.name,
      revisions: () => Math.max(0, this.knownHead - this.applied),
      seconds: () => (Date.now() - (this.caughtUpAt ?? this.startedAt)) / 1000,
    };
  }

  /** Starts following: hints, the timer, and a first catch-up (returned, so a caller may wait for it). */
  start(): Promise<void> {
    observeFeedLag(this.lag);
    this.listenToHints();
    this.timer = setInterval(() => void this.catchUp(), this.options.intervalMs);
    this.timer.unref();
    return this.catchUp();
  }

  listenToHints(): void {
    this.hint ??= this.options.bus.subscribeEvent(this.options.hintSubject, ({ revision }) => {
      this.knownHead = Math.max(this.knownHead, revision);
      if (revision <= this.applied) return;
      void this.catchUp();
    });
  }

  /** Stops listening to hints; the timer alone keeps the consumer current (operations, and lost-hint tests). */
  stopListeningToHints(): void {
    this.hint?.unsubscribe();
    this.hint = null;
  }

  /** True while the last read failed (readiness may say so). */
  get isFailing(): boolean {
    return this.failing;
  }

  /** Reads every change after the consumer's position. Resolves when the consumer has reached the head. */
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
          await this.readToHead();
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async readToHead(): Promise<void> {
    let changed = false;
    const startedAt = Date.now();
    // A long catch-up says where its time went: applying pages, or waiting for the feed to answer them.
    const spent = { pages: 0, changes: 0, applyingMs: 0 };
    const apply = async (page: P) => {
      const applyStarted = Date.now();
      const outcome = await this.options.applyPage(page);
      spent.pages++;
      spent.changes += page.changes.length;
      spent.applyingMs += Date.now() - applyStarted;
      if (outcome ?? page.changes.length > 0) changed = true;
      this.applied = Math.max(this.applied, page.lastRevision);
      this.knownHead = Math.max(this.knownHead, page.headRevision ?? page.lastRevision);
    };
    const more = (p: P) => p.hasMore && p.changes.length > 0;
    // The page after `p` is read while `p` is applied: one page ahead at most, applied strictly after it.
    const readAfter = (p: P): Promise<P> | null => {
      if (!more(p)) return null;
      const reading = this.options.readPage(p.lastRevision);
      reading.catch(() => undefined); // awaited below; this only keeps one abandoned by a failed apply from going unhandled
      return reading;
    };
    try {
      let page = await this.options.readPage(await this.options.position());
      const size = this.options.rangeSize ?? this.options.pageSize ?? 0;
      const inRanges =
        (this.options.parallelRanges ?? 1) > 1 && page.hasMore && page.headRevision !== undefined && page.headRevision - page.lastRevision > 2 * size;
      let next = inRanges ? null : readAfter(page);
      await apply(page);
      if (inRanges) {
        for await (const range of this.rangesUpTo(page.lastRevision, page.headRevision!, size)) {
          if (this.options.applyRangeAsOnePage && range.length > 1) await apply({ ...range.at(-1)!, changes: range.flatMap((p) => p.changes) });
          else for (const p of range) await apply(p);
        }
        page = await this.options.readPage(await this.options.position());
        next = readAfter(page);
        await apply(page);
      }
      while (next && !this.closed) {
        page = await next;
        next = readAfter(page);
        await apply(page);
      }
      if (this.failing) this.logger.log('change feed reachable again');
      this.failing = false;
      if (!page.hasMore || page.changes.length === 0) this.caughtUpAt = startedAt;
      if (spent.pages >= LONG_CATCH_UP_PAGES) {
        const ms = Date.now() - startedAt;
        this.logger.log({ msg: 'long catch-up read', ...spent, ms, waitingForFeedMs: ms - spent.applyingMs, inRanges });
      }
    } catch (e) {
      if (!this.failing) this.logger.warn({ msg: 'change feed unavailable; retrying on the next hint or tick', error: (e as Error).message });
      this.failing = true;
    }
    this.options.afterCatchUp?.({ complete: !this.failing, changed });
  }

  /** Every page of one revision range (after, upTo], in order. */
  private async range(after: number, upTo: number): Promise<P[]> {
    const pages: P[] = [];
    for (let from = after; !this.closed;) {
      const page = await this.options.readPage(from, upTo);
      pages.push(page);
      if (!page.hasMore || page.changes.length === 0) break;
      from = page.lastRevision;
    }
    return pages;
  }

  /** The committed revisions (after, head] as ranges of one page each, yielded in order while several are read. */
  private async *rangesUpTo(after: number, head: number, size: number): AsyncGenerator<P[]> {
    const inFlight: Promise<P[]>[] = [];
    let next = after;
    const refill = () => {
      while (inFlight.length < Math.max(1, this.options.parallelRanges ?? 1) && next < head && !this.closed) {
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

  async stop(): Promise<void> {
    this.closed = true;
    forgetFeedLag(this.lag);
    if (this.timer) clearInterval(this.timer);
    this.stopListeningToHints();
    await this.running?.catch(() => undefined);
  }
}
