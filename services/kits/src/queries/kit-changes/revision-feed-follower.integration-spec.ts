import { type KitChange, KitsSubjects } from '@bleedkits/contracts';
import { RevisionFeedFollower } from '@bleedkits/platform';
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

  function follower(intervalMs: number, pageSize = 7) {
    const seen = new Map<number, KitChange>();
    let position = 0;
    let pages = 0;
    const f = new RevisionFeedFollower<KitChange>({
      name: 'test',
      bus: h.bus,
      hintSubject: KitsSubjects.changed,
      intervalMs,
      position: () => position,
      readPage: (afterRevision) => h.bus.request(KitsSubjects.changes, { afterRevision, limit: pageSize }),
      applyPage: async (page) => {
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
