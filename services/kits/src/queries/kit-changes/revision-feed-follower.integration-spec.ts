import { type KitChange, KitsSubjects } from '@bleedkits/contracts';
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
