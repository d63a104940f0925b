import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { KitProjection } from '../projection/kit-projection';
import { type SpatialSnapshot, buildSnapshot } from './spatial-snapshot';
import { loadSpatialLibraries } from './spatial-libraries';

/**
 * Holds the current snapshot and rebuilds it from the projection. Rebuilds are coalesced: however many changes
 * arrive, at most one build starts per GEO_REBUILD_MIN_INTERVAL_MS (200 ms), and a change arriving during a
 * build schedules exactly one more. Builds run in a timer callback, never inside a query.
 */
@Injectable()
export class SpatialIndex implements OnModuleDestroy {
  private readonly logger = new Logger('SpatialIndex');
  private snapshot: SpatialSnapshot | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastBuildStartedAt = 0;
  private building = false;
  private dirty = false;
  private closed = false;
  private readonly swapListeners: ((s: SpatialSnapshot) => void)[] = [];

  constructor(private readonly projection: KitProjection, @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv) {}

  /** The snapshot queries use; null until the first full catch-up has been indexed. */
  current(): SpatialSnapshot | null {
    return this.snapshot;
  }

  onSwap(listener: (s: SpatialSnapshot) => void): void {
    this.swapListeners.push(listener);
  }

  /** Asks for a rebuild soon (coalesced). */
  requestRebuild(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer || this.building) return;
    const wait = Math.max(0, this.lastBuildStartedAt + this.env.GEO_REBUILD_MIN_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => void this.rebuild(), wait);
  }

  /** Builds now (first load). */
  async rebuild(): Promise<SpatialSnapshot | null> {
    this.timer = null;
    if (this.closed || this.building) return this.snapshot;
    this.building = true;
    this.dirty = false;
    this.lastBuildStartedAt = Date.now();
    try {
      const libs = await loadSpatialLibraries();
      const next = buildSnapshot(libs, this.projection.sortedEntries(), (this.snapshot?.version ?? 0) + 1, this.projection.revision);
      this.snapshot = next;
      for (const l of this.swapListeners) l(next);
      this.logger.debug?.({ msg: 'index swapped', version: next.version, revision: next.revision, kits: next.entries.length, builtInMs: next.builtInMs });
    } catch (e) {
      this.logger.error({ msg: 'index build failed; keeping the previous index', error: (e as Error).message });
      this.dirty = true;
    } finally {
      this.building = false;
    }
    if (this.dirty) this.requestRebuild();
    return this.snapshot;
  }

  onModuleDestroy(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
