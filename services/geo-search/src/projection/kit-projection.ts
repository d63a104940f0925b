import { Injectable } from '@nestjs/common';
import type { PublicKitChange } from '@bleedkits/contracts';
import { type KitEntry, toKitEntry } from './kit-entry';

/** The public projection of the register: public kits only, keyed by id, at a feed revision. */
@Injectable()
export class KitProjection {
  private readonly kits = new Map<number, KitEntry>();
  private revisionApplied = 0;

  get revision(): number {
    return this.revisionApplied;
  }

  get size(): number {
    return this.kits.size;
  }

  /** Applies feed changes in revision order; returns whether the public set changed. Older revisions are ignored. */
  apply(changes: readonly PublicKitChange[]): boolean {
    let changed = false;
    for (const c of changes) {
      if (c.revision <= this.revisionApplied) continue;
      this.revisionApplied = c.revision;
      const entry = c.kit ? toKitEntry(c.kit) : null;
      if (entry) {
        const before = this.kits.get(entry.id);
        if (before?.json !== entry.json) {
          this.kits.set(entry.id, entry);
          changed = true;
        }
      } else if (this.kits.delete(c.kitId)) {
        changed = true;
      }
    }
    return changed;
  }

  /** Moves the revision on when a feed page ends past its last change (nothing else to apply). */
  advanceTo(revision: number): void {
    if (revision > this.revisionApplied) this.revisionApplied = revision;
  }

  /** Every public kit in id order, so every replica builds the same index from the same set. */
  sortedEntries(): KitEntry[] {
    return Array.from(this.kits.values()).sort((a, b) => a.id - b.id);
  }
}
