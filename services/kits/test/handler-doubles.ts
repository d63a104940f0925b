import { randomUUID } from 'node:crypto';
import type { Actor } from '@bleedkits/contracts';
import type { NewAuditEntry } from '@bleedkits/platform';
import type { KitAuditTrail } from '../src/database/kit-audit-trail';
import type { KitPatch, KitRepository, PublicListingRow } from '../src/database/kit.repository';
import type { KitState } from '../src/domain/kit-state';
import type { KitChangedPublisher } from '../src/events/kit-changed.publisher';
import type { KitViews } from '../src/queries/kit-views';

/** A stored kit as the public feed reads it (the repository's PUBLIC_LISTING_COLUMNS): its listing when public. */
function publicListingOf(k: KitState): PublicListingRow | null {
  if (k.status !== 'active' || !k.publicDisplay) return null;
  return {
    id: k.id,
    locationName: k.locationName,
    locationType: k.locationType,
    latitude: k.latitude,
    longitude: k.longitude,
    availability: k.availability,
    openingHours: k.openingHours,
    what3words: k.what3words,
    addressLine1: k.addressLine1,
    city: k.city,
    postcode: k.postcode,
    detailedLocation: k.detailedLocation,
    deploymentStatus: k.deploymentStatus,
    lastVerifiedAt: k.lastVerifiedAt,
    createdAt: k.createdAt,
    nextVerificationDue: k.nextVerificationDue,
  } as PublicListingRow;
}

/**
 * The ports a kits handler talks to, replaced for its unit spec (CONVENTIONS: "a handler with its ports
 * replaced"): the repository keeps kits in a map and gives each write the next revision, the publisher records
 * the hints, the views return the stored state. The real ones are covered by the integration specs.
 * The reads keep the repository's order (parts newest first, feeds by revision, a deleted kit as its tombstone);
 * `reads` records each part and feed read with the window it was asked for.
 */
export function kitPorts(initial: Partial<KitState>[] = []) {
  const store = new Map<number, KitState>();
  for (const k of initial) store.set(k.id!, { ownerId: null, status: 'pending', revision: 1, ...k } as KitState);
  let revision = 100;
  const updates: { id: number; revision: number; patch: KitPatch }[] = [];
  const deleted: number[] = [];
  const tombstones: { revision: number; kitId: number }[] = [];
  const hints: number[] = [];
  const makes: { key: string; label: string }[] = [];
  const reads: { read: string; filter?: { status?: string; ownerId?: string }; after: number | null; limit: number; upTo?: number }[] = [];
  const ownerCounts: string[][] = [];
  /** Kits and tombstones after `after` up to `upTo`, by revision, at most `limit`, with the newest revision stored. */
  const changes = (after: number, limit: number, upTo: number) => {
    const all = [
      ...[...store.values()].map((k) => ({ revision: k.revision, kitId: k.id, state: k as KitState | null })),
      ...tombstones.map((t) => ({ ...t, state: null })),
    ];
    return {
      headRevision: all.reduce((a, c) => Math.max(a, c.revision), 0),
      changes: all
        .filter((c) => c.revision > after && c.revision <= upTo)
        .sort((a, b) => a.revision - b.revision)
        .slice(0, limit),
    };
  };
  const repository = {
    async write<T>(work: (m: unknown, revision: number) => Promise<T>) {
      const first = ++revision;
      const snapshot = new Map(store);
      try {
        return { result: await work({}, first), revision: first };
      } catch (e) {
        store.clear();
        for (const [k, v] of snapshot) store.set(k, v);
        throw e;
      }
    },
    async nextRevision() {
      return ++revision;
    },
    async findById(id: number) {
      return store.get(id) ?? null;
    },
    async findByIds(ids: number[]) {
      return ids.map((id) => store.get(id)).filter((k): k is KitState => !!k);
    },
    async update(_m: unknown, rev: number, id: number, patch: KitPatch) {
      const next = { ...store.get(id)!, ...patch, revision: rev } as KitState;
      store.set(id, next);
      updates.push({ id, revision: rev, patch });
      return next;
    },
    async delete(_m: unknown, rev: number, id: number) {
      store.delete(id);
      deleted.push(id);
      tombstones.push({ revision: rev, kitId: id });
    },
    async recordDeploymentChange() {},
    async count() {
      return store.size;
    },
    async findPage(filter: { status?: string; ownerId?: string }, beforeId: number | null, limit: number) {
      reads.push({ read: 'page', filter, after: beforeId, limit });
      return [...store.values()]
        .filter((k) => k.id < (beforeId ?? Number.MAX_SAFE_INTEGER))
        .filter((k) => (!filter.status || k.status === filter.status) && (!filter.ownerId || k.ownerId === filter.ownerId))
        .sort((a, b) => b.id - a.id)
        .slice(0, limit);
    },
    async changesAfter(after: number, limit: number, upTo = Infinity) {
      reads.push({ read: 'changes', after, limit, upTo });
      return changes(after, limit, upTo);
    },
    async publicChangesAfter(after: number, limit: number, upTo = Infinity) {
      reads.push({ read: 'publicChanges', after, limit, upTo });
      const { headRevision, changes: read } = changes(after, limit, upTo);
      return { headRevision, changes: read.map(({ revision, kitId, state }) => ({ revision, kitId, listing: state && publicListingOf(state) })) };
    },
    async countByOwner(ownerIds: string[]) {
      ownerCounts.push([...ownerIds]);
      const counts: Record<string, number> = {};
      for (const k of store.values()) if (k.ownerId && ownerIds.includes(k.ownerId)) counts[k.ownerId] = (counts[k.ownerId] ?? 0) + 1;
      return counts;
    },
    async manufacturers() {
      return makes;
    },
    async findForMaintenance(need: 'importPrefix' | 'unknownService' | 'missingAddress', prefix = 'IMPORT-') {
      return [...store.values()].filter((k) =>
        need === 'importPrefix'
          ? k.serialNumber.startsWith(prefix)
          : need === 'unknownService'
            ? !k.ambulanceService || k.ambulanceService === 'unknown'
            : !k.postcode.trim() || !k.city.trim(),
      );
    },
  };
  const publisher = { committed: (r: number) => void hints.push(r) };
  const { audited, audit } = auditTrail();
  const views = { forActor: async (_actor: Actor, states: KitState[]) => states.map((s) => ({ ...s, userId: s.ownerId })) };
  return {
    store,
    updates,
    deleted,
    tombstones,
    hints,
    makes,
    reads,
    ownerCounts,
    audited,
    audit,
    repository: repository as unknown as KitRepository,
    publisher: publisher as unknown as KitChangedPublisher,
    views: views as unknown as KitViews,
  };
}

/** The trail's own rules (changed fields only, redaction) are the platform's; here each entry as the handler gave it. */
export function auditTrail() {
  const audited: NewAuditEntry[] = [];
  const audit = { record: async (_m: unknown, entry: NewAuditEntry) => void audited.push(entry) };
  return { audited, audit: audit as unknown as KitAuditTrail };
}

/** For a port call whose audit entry a spec does not look at. */
export const notAudited = async (): Promise<void> => {};

export const someone = (role: 'admin' | 'user' = 'user'): Actor => {
  const id = randomUUID();
  return { id, role, email: `${role}-${id.slice(0, 8)}@example.org` };
};

/** The coded body a handler refused with: one helper for every context's handler specs. */
export { codedRefusal as refusal } from '@bleedkits/platform/testing';
