import { Inject, Injectable, Optional } from '@nestjs/common';
import { DEFAULT_VERIFICATION_GRACE_DAYS, type PublicKitChange, indexTag, londonToday } from '@bleedkits/contracts';
import { Clock, SystemClock } from '@bleedkits/platform';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { PublicKitIndex } from '../spatial/public-kit-index';
import { type KitEntry, overdueEntry, toKitEntry } from './kit-entry';

/** Positions whose answers a change may alter (a kit's place before and after), or every answer. */
export type ProjectionChange = { points: { x: number; y: number }[] | 'all'; tag: string };

/** What a stored snapshot holds: the projection at a feed revision, its statuses worked out for a London day. */
export type ProjectionState = { revision: number; evaluatedDay: string; entries: readonly KitEntry[] };

/**
 * The public projection of the register: public kits only, at a feed revision, in an index that every change updates
 * in place (PublicKitIndex: quadtree, gazetteer), so a change is visible to the next query without any rebuild.
 *
 * Its tag (contracts' indexTag) names what the answers are made from: the feed revision applied (which replica is
 * further on) and a hash of the public kits' JSON, the same whatever order the changes came in, so two replicas
 * holding the same kits name their answers alike. Statuses are derived from each kit's due day at read time: when the
 * London day moves on, kits whose grace days ended turn overdue (a new content hash, without a write of the kit).
 */
@Injectable()
export class KitProjection {
  private index = new PublicKitIndex();
  private revisionApplied = 0;
  private evaluatedDay: string;
  /** The soonest minute a kit's public verification status turns to overdue: until then a refresh costs nothing. */
  private nextFlip = Infinity;
  private ready = false;
  private readonly graceDays: number;
  private readonly changeListeners: ((change: ProjectionChange) => void)[] = [];
  private readonly readyListeners: (() => void)[] = [];

  constructor(
    @Optional() @Inject(GEO_SEARCH_ENV) env?: GeoSearchEnv,
    @Optional() private readonly clock: Clock = new SystemClock(),
  ) {
    this.graceDays = env?.VERIFICATION_GRACE_DAYS ?? DEFAULT_VERIFICATION_GRACE_DAYS;
    this.evaluatedDay = londonToday(this.clock.now());
  }

  /** The feed revision applied (the follower's position). */
  get revision(): number {
    return this.revisionApplied;
  }

  get tag(): string {
    return indexTag(this.revisionApplied, this.index.contentHash);
  }

  get size(): number {
    return this.index.size;
  }

  get kits(): PublicKitIndex {
    return this.index;
  }

  /** True once the first complete read of the register is applied: until then nothing is answered. */
  get isReady(): boolean {
    return this.ready;
  }

  markReady(): void {
    if (this.ready) return;
    this.index.prepareForQueries();
    this.ready = true;
    for (const l of this.readyListeners) l();
  }

  onReady(listener: () => void): void {
    if (this.ready) listener();
    else this.readyListeners.push(listener);
  }

  /** Called after every change of the public kits (synchronously, before the next query runs). */
  onChange(listener: (change: ProjectionChange) => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * The state to store in a snapshot: a copy of the list of (immutable) entries, in the tree's order so a restore
   * builds the tree fastest, taken at once so the index may move on while it is written.
   */
  state(): ProjectionState {
    return {
      revision: this.revisionApplied,
      evaluatedDay: this.evaluatedDay,
      entries: this.index.treeOrder(),
    };
  }

  /** Starts from a stored snapshot instead of revision 0 (before the first read of the feed). */
  restore(state: ProjectionState): void {
    if (this.ready || this.revisionApplied > 0 || this.index.size > 0) throw new Error('a snapshot can only be restored into an empty projection');
    let next = Infinity;
    for (const e of state.entries) if (e.flipsAt && e.flipsAt < next) next = e.flipsAt;
    this.index = PublicKitIndex.restore(state.entries);
    this.revisionApplied = state.revision;
    this.evaluatedDay = state.evaluatedDay;
    this.nextFlip = next;
    this.refreshVerification();
  }

  /** Empties a projection that is not ready yet (a restored snapshot the feed cannot continue). */
  reset(): void {
    if (this.ready) throw new Error('a ready projection is never emptied');
    this.index = new PublicKitIndex();
    this.revisionApplied = 0;
    this.evaluatedDay = londonToday(this.clock.now());
    this.nextFlip = Infinity;
  }

  /** Applies feed changes in revision order; returns whether the public kits changed. Older revisions are ignored. */
  apply(changes: readonly PublicKitChange[]): boolean {
    const now = this.clock.now();
    const flipped = this.moveToDayOf(now);
    const verification = { now, graceDays: this.graceDays };
    const points: { x: number; y: number }[] = [];
    for (const c of changes) {
      if (c.revision <= this.revisionApplied) continue;
      this.revisionApplied = c.revision;
      const entry = c.kit ? toKitEntry(c.kit, c.verificationDue, verification) : null;
      const before = this.index.get(c.kitId);
      if (entry) {
        if (entry.flipsAt && entry.flipsAt < this.nextFlip) this.nextFlip = entry.flipsAt;
        if (before && before.json === entry.json && before.flipsAt === entry.flipsAt) continue;
        this.index.put(entry);
        // A new due day alone changes no answer.
        if (before?.json === entry.json) continue;
        if (before) points.push(before);
        points.push(entry);
      } else if (before) {
        this.index.remove(c.kitId);
        points.push(before);
      }
    }
    if (points.length > 0 || flipped) this.changed(flipped ? 'all' : points);
    return points.length > 0 || flipped;
  }

  /**
   * Moves the public verification statuses to the current London day: every kit whose grace days ended turns overdue,
   * without a write of the kit. Returns whether anything changed. Cheap until the day moves on.
   */
  refreshVerification(): boolean {
    if (!this.moveToDayOf(this.clock.now())) return false;
    this.changed('all');
    return true;
  }

  /** Moves the revision on when a feed page ends past its last change (nothing else to apply). */
  advanceTo(revision: number): void {
    if (revision > this.revisionApplied) this.revisionApplied = revision;
  }

  /** Moves to the London day of `now`; answers whether any kit's public status turned. */
  private moveToDayOf(now: Date): boolean {
    const day = londonToday(now);
    if (day <= this.evaluatedDay) return false;
    this.evaluatedDay = day;
    const minute = now.getTime() / 60_000;
    if (minute < this.nextFlip) return false;
    let next = Infinity;
    const flipped: KitEntry[] = [];
    for (const e of this.index.values()) {
      const at = e.flipsAt || Infinity;
      if (at <= minute) flipped.push(e);
      else if (at < next) next = at;
    }
    for (const e of flipped) this.index.put(overdueEntry(e));
    this.nextFlip = next;
    return flipped.length > 0;
  }

  private changed(points: ProjectionChange['points']): void {
    const change = { points, tag: this.tag };
    for (const l of this.changeListeners) l(change);
  }
}
