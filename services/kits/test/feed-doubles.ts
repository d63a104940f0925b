import { randomUUID } from 'node:crypto';
import {
  type AmbulanceService,
  type FeedAccessLogEntry,
  type FeedClientView,
  type FeedScope,
  type KitStatus,
  type WithdrawalReason,
  toControlRoomKit,
} from '@bleedkits/contracts';
import type { AmbulanceFeedRepository, FeedClientRecord, FeedEntryRow, FeedRecordRow } from '../src/database/ambulance-feed.repository';
import { feedKeyHash, newFeedKey } from '../src/commands/manage-feed-clients/manage-feed-clients.handler';

export type FeedKit = NonNullable<FeedEntryRow['kit']> & { createdAt: string; nextVerificationDue: string | null };

/** A kit as a feed entry carries it (the repository's FEED_COLUMNS), in north_west unless told otherwise. */
export function feedKit(id: number, revision: number, overrides: Partial<FeedKit> = {}): FeedKit {
  return {
    id,
    revision,
    serialNumber: `SN-${id}`,
    locationName: `Kit ${id}`,
    locationType: 'locked_cabinet',
    addressLine1: `${id} High Street`,
    addressLine2: null,
    city: 'Altrincham',
    postcode: 'WA15 8FH',
    latitude: 53.384092,
    longitude: -2.337856,
    what3words: null,
    detailedLocation: null,
    openingHours: '24/7',
    availability: null,
    cabinetCode: `C${id}`,
    ambulanceService: 'north_west',
    publicDisplay: true,
    deploymentStatus: 'available',
    lastVerifiedAt: null,
    approvedAt: '2025-01-10T10:00:00.000Z',
    expiryDate: '2028-01-10',
    updatedAt: '2025-01-10T10:00:00.000Z',
    createdAt: '2025-01-10T10:00:00.000Z',
    nextVerificationDue: null,
    ...overrides,
  };
}

export const kitEntry = (scope: string, kit: FeedKit): FeedEntryRow => ({ kitId: kit.id, revision: kit.revision, scope, withdrawnReason: null, kit });
export const withdrawalEntry = (scope: string, kitId: number, revision: number, reason: WithdrawalReason): FeedEntryRow => ({
  kitId,
  revision,
  scope,
  withdrawnReason: reason,
  kit: null,
});

type StoredClient = { view: FeedClientView; keyHash: string; createdBy: string; revokedBy: string | null };
type Download = { fromRevision: number; toRevision: number; kitCount: number; withdrawalCount: number; downloadedBy: string; downloadedAt: Date };

/**
 * The ambulance feed's tables replaced by arrays: feed entries, clients (by key hash), the access log, the download
 * watermark, and the kits' scope columns that a code disclosure reads. `calls` names every method called, in order.
 */
export function feedRepository(options: { entries?: FeedEntryRow[]; head?: number } = {}) {
  const entries = [...(options.entries ?? [])];
  const clients = new Map<string, StoredClient>();
  const accessLog: Parameters<AmbulanceFeedRepository['logAccess']>[0][] = [];
  const downloads: Download[] = [];
  const touched: string[] = [];
  const kitScopes = new Map<number, { status: KitStatus; ambulanceService: AmbulanceService }>();
  const calls: string[] = [];
  const state = { head: options.head ?? entries.reduce((a, e) => Math.max(a, e.revision), 0) };
  const inScope = (scope: string, after: number, upTo: number) =>
    entries.filter((e) => e.scope === scope && e.revision > after && e.revision <= upTo).sort((a, b) => a.revision - b.revision);
  const lastDownload = () => [...downloads].sort((a, b) => b.toRevision - a.toRevision).at(0) ?? null;

  const repo = {
    async scopeHead(scope: string) {
      calls.push('scopeHead');
      return entries.filter((e) => e.scope === scope).reduce((a, e) => Math.max(a, e.revision), 0);
    },
    async scopeRevisions(scope: string, after: number, upTo: number, limit: number) {
      calls.push('scopeRevisions');
      return inScope(scope, after, upTo)
        .slice(0, limit)
        .map((e) => e.revision);
    },
    async scopeRecords(scope: string, after: number, upTo: number, limit: number, withCodes: boolean): Promise<FeedRecordRow[]> {
      calls.push('scopeRecords');
      // What Postgres writes for the real repository: the record's one definition, as JSON.
      return inScope(scope, after, upTo)
        .slice(0, limit)
        .map((e) => ({
          kitId: e.kitId,
          revision: e.revision,
          withdrawnReason: e.kit ? null : (e.withdrawnReason ?? 'deleted'),
          recordJson: e.kit ? JSON.stringify(toControlRoomKit(e.kit, withCodes)) : null,
          hasCabinetCode: !!e.kit?.cabinetCode,
        }));
    },
    async downloadEntries(from: number, to: number, after: { revision: number; service: string } | null, limit: number) {
      calls.push('downloadEntries');
      const a = after ?? { revision: from, service: '' };
      return entries
        .filter((e) => e.scope !== 'responder_app' && e.revision > from && e.revision <= to)
        .filter((e) => e.revision > a.revision || (e.revision === a.revision && e.scope > a.service))
        .sort((x, y) => x.revision - y.revision || (x.scope < y.scope ? -1 : 1))
        .slice(0, limit);
    },
    async registerHead() {
      calls.push('registerHead');
      return state.head;
    },
    async lastDownload() {
      calls.push('lastDownload');
      const last = lastDownload();
      return last ? { downloadedAt: last.downloadedAt, toRevision: last.toRevision } : null;
    },
    async recordDownload(d: Download, alsoRecord?: (m: unknown) => Promise<void>) {
      calls.push('recordDownload');
      if ((lastDownload()?.toRevision ?? 0) !== d.fromRevision) return false;
      downloads.push({ ...d });
      await alsoRecord?.({});
      return true;
    },
    async createClient(
      c: { scope: FeedScope; label: string; keyHash: string; keyPrefix: string; createdBy: string },
      alsoRecord?: (m: unknown, client: FeedClientView) => Promise<void>,
    ): Promise<FeedClientView> {
      calls.push('createClient');
      const view: FeedClientView = {
        id: randomUUID(),
        label: c.label,
        scope: c.scope,
        keyPrefix: c.keyPrefix,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      clients.set(view.id, { view, keyHash: c.keyHash, createdBy: c.createdBy, revokedBy: null });
      await alsoRecord?.({}, view);
      return view;
    },
    async countClients() {
      calls.push('countClients');
      return [...clients.values()].filter((c) => !c.view.revokedAt).length;
    },
    async listClients(limit: number) {
      calls.push(`listClients(${limit})`);
      return [...clients.values()].map((c) => c.view).slice(0, limit);
    },
    async revokeClient(id: string, by: string, alsoRecord?: (m: unknown, client: FeedClientView) => Promise<void>) {
      calls.push('revokeClient');
      const c = clients.get(id);
      if (!c || c.view.revokedAt) return null;
      c.view = { ...c.view, revokedAt: new Date().toISOString() };
      c.revokedBy = by;
      await alsoRecord?.({}, c.view);
      return c.view;
    },
    async activeClientByKeyHash(keyHash: string): Promise<FeedClientRecord | null> {
      calls.push('activeClientByKeyHash');
      const c = [...clients.values()].find((x) => x.keyHash === keyHash && !x.view.revokedAt);
      return c ? { id: c.view.id, scope: c.view.scope, label: c.view.label } : null;
    },
    async touchClient(id: string) {
      calls.push('touchClient');
      touched.push(id);
    },
    async logAccess(a: Parameters<AmbulanceFeedRepository['logAccess']>[0]) {
      calls.push('logAccess');
      accessLog.push({ ...a });
    },
    /** The log newest first (the order it was logged in, a second apart), one page of it, with each client's label. */
    async accessLogPage(page: number, pageSize: number): Promise<{ total: number; entries: FeedAccessLogEntry[] }> {
      calls.push('accessLogPage');
      const newest = accessLog
        .map(({ requestId: _request, ...a }, i) => ({
          ...a,
          id: i + 1,
          clientLabel: [...clients.values()].find((c) => c.view.id === a.clientId)?.view.label ?? '',
          accessedAt: new Date(Date.UTC(2025, 0, 10, 10, 0, i)).toISOString(),
        }))
        .reverse();
      return { total: newest.length, entries: newest.slice((page - 1) * pageSize, page * pageSize) };
    },
    async kitScopeOf(id: number) {
      calls.push('kitScopeOf');
      return kitScopes.get(id) ?? null;
    },
  };

  /** A client as an admin would create it: its key (hashed by the gateway before it crosses NATS) and its record. */
  async function addClient(scope: FeedScope, label: string = scope) {
    const key = newFeedKey();
    const view = await repo.createClient({ scope, label, keyHash: feedKeyHash(key), keyPrefix: key.slice(0, 10), createdBy: 'setup' });
    calls.length = 0;
    return { key, keyHash: feedKeyHash(key), id: view.id, label };
  }

  return {
    entries,
    clients,
    accessLog,
    downloads,
    touched,
    kitScopes,
    calls,
    state,
    addClient,
    repository: repo as unknown as AmbulanceFeedRepository,
  };
}
