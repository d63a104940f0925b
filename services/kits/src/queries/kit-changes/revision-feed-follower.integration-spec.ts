import { type KitChange, type KitChangesResponse } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { RevisionFeedFollower, metricsRegistry } from '@bleedkits/platform';
import { readKitsEnv } from '../../config/env';
import { KitsModule } from '../../kits.module';
import { type KitsHarness, actor, startKits, validKit } from '../../../test/kits-harness';

/** The platform's feed follower against the real kits feed: what verification's projection stands on. */
describe(RevisionFeedFollower.name, () => {
  let h: KitsHarness;
  const owner = actor('user');
  const register = (n: number) => h.bus.request(KitsSubjects.register, { actor: owner, kit: validKit({ serialNumber: `FOLLOW-${n}` }) });

  beforeAll(async () => {
    h = await startKits();
  });
  afterAll(async () => h?.close());

  function follower(intervalMs: number, pageSize = 7, name = 'test', beforeApply?: () => Promise<void>) {
    const seen = new Map<number, KitChange>();
    let position = 0;
    let pages = 0;
    const f = new RevisionFeedFollower<KitChange>({
      name,
      bus: h.bus,
      hintSubject: KitsSubjects.changed,
      intervalMs,
      position: () => position,
      readPage: (afterRevision) => h.bus.request(KitsSubjects.changes, { afterRevision, limit: pageSize }),
      applyPage: async (page) => {
        await beforeApply?.();
        pages++;
        for (const c of page.changes) seen.set(c.kitId, c);
        position = page.lastRevision;
      },
    });
    return { f, seen, position: () => position, pages: () => pages };
  }

  async function until(check: () => boolean, ms = 5000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('pages from its stored position to the head at start, then follows every hint', async () => {
    for (let i = 0; i < 20; i++) await register(i);
    const { f, seen, pages } = follower(60_000);
    await f.start();
    expect(seen.size).toBe(20);
    expect(pages()).toBeGreaterThanOrEqual(3);
    const kit = await register(100);
    await until(() => seen.has(kit.id));
    await f.stop();
  });

  it('catches up on its timer when it hears no hint, without reading a change twice', async () => {
    const { f, seen, position } = follower(100);
    await f.start();
    const start = position();
    f.stopListeningToHints();
    const kit = await register(200);
    await until(() => seen.has(kit.id));
    expect(seen.get(kit.id)!.revision).toBeGreaterThan(start);
    await f.stop();
  });

  it('reports its lag for /metrics: revisions heard of but not applied, seconds since it last reached the head', async () => {
    const lag = async (metric: string) => {
      const { values } = await metricsRegistry.getSingleMetric(metric)!.get();
      return values.find((v) => v.labels.consumer === 'lag-test')?.value;
    };
    let release: () => void = () => undefined;
    let held: Promise<void> | null = null;
    const { f, seen } = follower(60_000, 7, 'lag-test', () => held ?? Promise.resolve());
    await f.start();
    expect(await lag('bk_feed_lag_revisions')).toBe(0);
    expect(await lag('bk_feed_lag_seconds')).toBeLessThan(5);

    // The next page is held before it is applied: the hint named a newer revision, so the follower is behind.
    held = new Promise((r) => (release = r));
    const kit = await register(400);
    await until(() => f['running'] !== null);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await lag('bk_feed_lag_revisions')).toBeGreaterThanOrEqual(1);
    expect(await lag('bk_feed_lag_seconds')).toBeGreaterThanOrEqual(1);

    held = null;
    release();
    await until(() => seen.has(kit.id));
    await f.catchUp();
    expect(await lag('bk_feed_lag_revisions')).toBe(0);
    expect(await lag('bk_feed_lag_seconds')).toBeLessThan(1);
    await f.stop();
    expect(await lag('bk_feed_lag_seconds')).toBeUndefined();
  });

  it('answers the head revision with every page, so a consumer far behind can read the ranges below it', async () => {
    for (let i = 0; i < 5; i++) await register(500 + i);
    const last = await register(505);
    const page = await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 2 });
    expect(page.changes).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    expect(page.headRevision).toBeGreaterThanOrEqual(page.changes.at(-1)!.revision);
    const tail = await h.bus.request(KitsSubjects.changes, { afterRevision: page.headRevision - 1, limit: 10 });
    expect(tail.changes.map((c) => c.kitId)).toEqual([last.id]);
    expect(tail).toMatchObject({ hasMore: false, headRevision: page.headRevision });
    const bounded = await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1000, upToRevision: page.lastRevision });
    expect(bounded.changes.map((c) => c.revision)).toEqual(page.changes.map((c) => c.revision));
    expect(bounded.hasMore).toBe(false);
  });

  /** A follower that records each read (its window, and how many were in flight) and each applied page. */
  function recordingFollower(options: {
    pageSize: number;
    parallelRanges?: number;
    rangeSize?: number;
    applyRangeAsOnePage?: boolean;
    whileApplying?: (page: KitChangesResponse) => Promise<void>;
  }) {
    const reads: { after: number; upTo?: number; inFlight: number }[] = [];
    const applied: KitChangesResponse[] = [];
    const seen = new Set<number>();
    let inFlight = 0;
    let position = 0;
    const f = new RevisionFeedFollower<KitChange, KitChangesResponse>({
      name: 'recording',
      bus: h.bus,
      hintSubject: KitsSubjects.changed,
      intervalMs: 60_000,
      pageSize: options.pageSize,
      parallelRanges: options.parallelRanges,
      rangeSize: options.rangeSize,
      applyRangeAsOnePage: options.applyRangeAsOnePage,
      position: () => position,
      readPage: async (afterRevision, upToRevision) => {
        reads.push({ after: afterRevision, upTo: upToRevision, inFlight: ++inFlight });
        try {
          return await h.bus.request(KitsSubjects.changes, { afterRevision, limit: options.pageSize, upToRevision });
        } finally {
          inFlight--;
        }
      },
      applyPage: async (page) => {
        await options.whileApplying?.(page);
        applied.push(page);
        for (const c of page.changes) seen.add(c.kitId);
        position = page.lastRevision;
      },
    });
    return { f, reads, applied, seen, position: () => position };
  }

  /** Each page applied starts where the one before it ended: nothing skipped, nothing applied twice. */
  function expectAppliedInOrder(applied: KitChangesResponse[]) {
    let last = 0;
    for (const page of applied) {
      for (const c of page.changes) {
        expect(c.revision).toBeGreaterThan(last);
        last = c.revision;
      }
      expect(page.lastRevision).toBeGreaterThanOrEqual(last);
      last = page.lastRevision;
    }
  }

  it('reads the next page while the last is applied, one page ahead, and applies them in order', async () => {
    for (let i = 0; i < 12; i++) await register(600 + i);
    // When each page is applied: whether the read of the page after it has started, and how many reads are ahead of it.
    const atApply: { readingNext: boolean; readsAhead: number }[] = [];
    const r = recordingFollower({
      pageSize: 4,
      whileApplying: async (page) => {
        const ahead = r.reads.filter((read) => read.after >= page.lastRevision);
        atApply.push({ readingNext: ahead.some((read) => read.after === page.lastRevision), readsAhead: ahead.length });
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    await r.f.start();
    const head = (await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1 })).headRevision;
    expect(r.position()).toBe(head);
    expectAppliedInOrder(r.applied);
    // Every page but the last had the read of the page after it under way while it was applied; never more than one.
    expect(atApply.length).toBeGreaterThanOrEqual(4);
    expect(atApply.slice(0, -1).every((a) => a.readingNext && a.readsAhead === 1)).toBe(true);
    expect(atApply.at(-1)).toEqual({ readingNext: false, readsAhead: 0 });
    expect(r.reads.every((read) => read.upTo === undefined)).toBe(true);
    await r.f.stop();
  });

  it('far behind the head, reads ranges below it in parallel and still applies every change in order', async () => {
    for (let i = 0; i < 30; i++) await register(700 + i);
    const kitCount = (await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1000 })).changes.length;
    const r = recordingFollower({ pageSize: 3, parallelRanges: 3 });
    await r.f.start();
    const head = (await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1 })).headRevision;
    expect(r.position()).toBe(head);
    expect(r.seen.size).toBe(kitCount);
    expectAppliedInOrder(r.applied);
    const ranged = r.reads.filter((read) => read.upTo !== undefined);
    expect(ranged.length).toBeGreaterThan(5);
    expect(ranged.every((read) => read.upTo! <= head && read.upTo! - read.after <= 3)).toBe(true);
    expect(Math.max(...r.reads.map((read) => read.inFlight))).toBe(3);
    await r.f.stop();
  });

  it('applies each range as one page when asked (one transaction per range), its changes in order', async () => {
    const all = (await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1000 })).changes;
    const r = recordingFollower({ pageSize: 3, parallelRanges: 2, rangeSize: 9, applyRangeAsOnePage: true });
    await r.f.start();
    expect(r.position()).toBe(all.at(-1)!.revision);
    expectAppliedInOrder(r.applied);
    expect(r.applied.flatMap((p) => p.changes.map((c) => c.revision))).toEqual(all.map((c) => c.revision));
    // Three pages of the feed to a range of nine revisions: far fewer pages applied than read.
    expect(r.applied.filter((p) => p.changes.length > 3).length).toBeGreaterThan(3);
    expect(r.applied.length * 2).toBeLessThan(r.reads.length);
    expect(r.reads.filter((read) => read.upTo !== undefined).every((read) => read.upTo! - read.after <= 9)).toBe(true);
    await r.f.stop();
  });

  it('survives the feed being unavailable and resumes from where it stood', async () => {
    const { f, seen } = follower(100);
    await f.start();
    await h.service.close();
    await until(() => f.isFailing);
    await h.start('kits', KitsModule.forRoot(readKitsEnv({ ...h.env, POSTCODES_IO_BASE_URL: 'off' })));
    const kit = await register(300);
    await until(() => seen.has(kit.id) && !f.isFailing);
    await f.stop();
  });
});
