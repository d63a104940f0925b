import { randomUUID } from 'node:crypto';
import type { Actor } from '@bleedkits/contracts';
import type { NewAuditEntry } from '@bleedkits/platform';
import type { KitAuditTrail } from '../src/database/kit-audit-trail';
import type { KitPatch, KitRepository } from '../src/database/kit.repository';
import type { KitState } from '../src/domain/kit-state';
import type { KitChangedPublisher } from '../src/events/kit-changed.publisher';
import type { KitViews } from '../src/queries/kit-views';

/**
 * The ports a kits handler talks to, replaced for its unit spec (CONVENTIONS: "a handler with its ports
 * replaced"): the repository keeps kits in a map and gives each write the next revision, the publisher records
 * the hints, the views return the stored state. The real ones are covered by the integration specs.
 */
export function kitPorts(initial: Partial<KitState>[] = []) {
  const store = new Map<number, KitState>();
  for (const k of initial) store.set(k.id!, { ownerId: null, status: 'pending', revision: 1, ...k } as KitState);
  let revision = 100;
  const updates: { id: number; revision: number; patch: KitPatch }[] = [];
  const deleted: number[] = [];
  const hints: number[] = [];
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
    async delete(_m: unknown, _rev: number, id: number) {
      store.delete(id);
      deleted.push(id);
    },
    async recordDeploymentChange() {},
    async count() {
      return store.size;
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
  // The trail's own rules (changed fields only, redaction) are the platform's; here each entry as the handler gave it.
  const audited: NewAuditEntry[] = [];
  const audit = { record: async (_m: unknown, entry: NewAuditEntry) => void audited.push(entry) };
  const views = { forActor: async (_actor: Actor, states: KitState[]) => states.map((s) => ({ ...s, userId: s.ownerId })) };
  return {
    store,
    updates,
    deleted,
    hints,
    audited,
    audit: audit as unknown as KitAuditTrail,
    repository: repository as unknown as KitRepository,
    publisher: publisher as unknown as KitChangedPublisher,
    views: views as unknown as KitViews,
  };
}

export const someone = (role: 'admin' | 'user' = 'user'): Actor => {
  const id = randomUUID();
  return { id, role, email: `${role}-${id.slice(0, 8)}@example.org` };
};

/** The coded body a handler refused with (a handler throws ServiceError; over NATS it becomes RemoteCallError). */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string; errors?: string[] }> {
  try {
    await call;
  } catch (e) {
    const body = (e as { body?: { code: string; message: string; errors?: string[] } }).body;
    if (body?.code) return body;
    throw e;
  }
  throw new Error('expected the handler to refuse');
}
