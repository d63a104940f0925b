import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  AmbulanceFeedSubjects,
  FEED_PUSH_BACKOFF_FIRST_MS,
  FEED_PUSH_BACKOFF_MAX_MS,
  FEED_PUSH_RETRY_HOURS,
  FEED_PUSH_SECRET_OVERLAP_HOURS,
  type FeedPushSubscriptionView,
  systemStatusOf,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { type TestClock, readUntil, runningClock } from '@bleedkits/platform/testing';
import { type FeedReceiver, createFeedReceiver } from '../../../../../examples/feed-receiver/receiver';
import { type KitsHarness, actor, startKits, validKit } from '../../../test/kits-harness';
import { feedKeyHash } from '../../commands/manage-feed-clients/manage-feed-clients.handler';
import { DeliverFeedPushHandler } from './deliver-feed-push.handler';

/**
 * A control room's receiver on 127.0.0.1: the example receiver of the receiver kit (verifies signatures, dedupes by
 * webhook-id, appends to a file), behind a switch that makes it answer 503 as a receiver that is down would.
 */
type Room = { receiver: FeedReceiver; server: Server; url: string; file: string; down: boolean; clientId: string; keyHash: string; secret: string };

/** Issue 30, acceptance 1: push delivery of the ambulance feed against real NATS, Redis and Postgres. */
describe(DeliverFeedPushHandler.name, () => {
  let h: KitsHarness;
  let clock: TestClock;
  let dir: string;
  const rooms: Record<'north_west' | 'london', Room> = {} as never;
  const admin = actor('admin');
  const owner = actor('user');

  const register = (overrides = {}) => h.bus.request(KitsSubjects.register, { actor: owner, kit: validKit(overrides) });
  const edit = (kitId: number, data: Record<string, unknown>) => h.bus.request(KitsSubjects.edit, { actor: admin, kitId, data });
  const approve = (kitId: number) => h.bus.request(KitsSubjects.approve, { actor: admin, kitId });
  const status = async (room: Room): Promise<FeedPushSubscriptionView> =>
    (await h.bus.request(AmbulanceFeedSubjects.pushStatus, { actor: admin, clientId: room.clientId })).subscription;
  /** What the client's pull feed answers after a cursor (the source of truth push must match). */
  const pulled = async (room: Room, after: string) =>
    (
      await h.bus.request(AmbulanceFeedSubjects.part, {
        keyHash: room.keyHash,
        requestId: randomUUID(),
        clientAddress: '127.0.0.1',
        afterRevision: Number(after),
        upToRevision: 1e15,
        limit: 2000,
      })
    ).records;
  /** Waits until the receiver has everything its pull feed holds (lag 0), then answers its batches. */
  const caughtUp = async (room: Room, timeoutMs = 15_000) => {
    await readUntil(
      () => status(room),
      (s) => s.lagRecords === 0 && s.failedAttempts === 0,
      timeoutMs,
      100,
    );
    return room.receiver.batches();
  };
  const records = (room: Room) => room.receiver.batches().flatMap((b) => b.records);

  async function openRoom(scope: 'north_west' | 'london'): Promise<Room> {
    const created = await h.bus.request(AmbulanceFeedSubjects.createClient, { actor: admin, scope, label: `${scope} control room` });
    const file = path.join(dir, `${scope}.ndjson`);
    const room = { file, down: false, clientId: created.client.id, keyHash: feedKeyHash(created.key) } as Room;
    room.server = createServer((req, res) => {
      if (room.down) {
        req.resume();
        res.writeHead(503).end('down for maintenance');
        return;
      }
      room.receiver.handle(req, res);
    });
    await new Promise<void>((resolve) => room.server.listen(0, '127.0.0.1', resolve));
    room.url = `http://127.0.0.1:${(room.server.address() as AddressInfo).port}/feed`;
    const set = await h.bus.request(AmbulanceFeedSubjects.pushSet, { actor: admin, clientId: room.clientId, url: room.url });
    expect(set.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    room.secret = set.secret!;
    room.receiver = createFeedReceiver({ secrets: [room.secret], file, nowSeconds: () => Math.floor(clock.now().getTime() / 1000) });
    return room;
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'feed-push-'));
    clock = runningClock();
    h = await startKits({ FEED_PUSH_SWEEP_MS: '200', FEED_PUSH_TIMEOUT_MS: '2000' }, { clock });
    rooms.north_west = await openRoom('north_west');
    rooms.london = await openRoom('london');
  });
  afterAll(async () => {
    await h?.close();
    for (const room of Object.values(rooms)) await new Promise((r) => room.server?.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('pushes approve, edit, code change and withdrawal each once, in order, signed, as the pull feed shows them', async () => {
    const nw = rooms.north_west;
    const kit = await register({ serialNumber: 'PUSH-1', locationType: 'locked_cabinet', cabinetCode: '1111' });
    const changes: [string, () => Promise<unknown>][] = [
      ['approve', () => approve(kit.id)],
      ['edit', () => edit(kit.id, { locationName: 'Village Hall (side door)' })],
      ['code change', () => edit(kit.id, { cabinetCode: '2222' })],
      ['withdraw', () => h.bus.request(KitsSubjects.delete, { actor: admin, kitId: kit.id })],
    ];
    let cursor = (await status(nw)).deliveredCursor;
    const seen: unknown[] = [];
    for (const [, change] of changes) {
      const before = nw.receiver.batches().length;
      const shown = await change().then(() => pulled(nw, cursor));
      const batches = await caughtUp(nw);
      // One new batch, starting where the last ended, holding exactly what the pull feed shows after that cursor.
      expect(batches.length).toBe(before + 1);
      const batch = batches[batches.length - 1];
      expect(batch).toMatchObject({ type: 'ambulance-feed.records', afterCursor: cursor });
      expect(batch.records).toEqual(shown);
      cursor = batch.nextCursor;
      seen.push(...batch.records);
    }
    expect(seen).toEqual([
      expect.objectContaining({ id: kit.id, withdrawn: false, cabinetCode: '1111', locationName: 'Village Hall' }),
      expect.objectContaining({ id: kit.id, withdrawn: false, cabinetCode: '1111', locationName: 'Village Hall (side door)' }),
      expect.objectContaining({ id: kit.id, withdrawn: false, cabinetCode: '2222' }),
      expect.objectContaining({ id: kit.id, withdrawn: true, reason: 'deleted' }),
    ]);
    const revisions = seen.map((r) => (r as { revision: number }).revision);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
    // Every request verified; none refused and none a duplicate.
    expect(nw.receiver.requests.map((r) => r.outcome)).toEqual(nw.receiver.requests.map(() => 'accepted'));
    expect((await status(nw)).deliveredCursor).toBe(cursor);
  });

  it("never sends a london client's URL a north_west kit or code, nor the other way round", async () => {
    const a = await register({ serialNumber: 'PUSH-NW', locationType: 'locked_cabinet', cabinetCode: 'NW-7391' });
    const b = await register({ serialNumber: 'PUSH-LDN', locationType: 'locked_cabinet', cabinetCode: 'NW-0001' });
    await approve(a.id);
    await approve(b.id);
    // b moves to london with a new code: north_west is told it left, london alone gets the code.
    await edit(b.id, { ambulanceService: 'london', cabinetCode: 'LDN-5528' });
    await caughtUp(rooms.north_west);
    await caughtUp(rooms.london);
    const london = records(rooms.london);
    expect(london).toContainEqual(expect.objectContaining({ id: b.id, withdrawn: false, ambulanceService: 'london', cabinetCode: 'LDN-5528' }));
    expect(london.filter((r) => !r.withdrawn && r.ambulanceService !== 'london')).toEqual([]);
    expect(readFileSync(rooms.london.file, 'utf8')).not.toContain('NW-7391');
    expect(london.map((r) => r.id)).not.toContain(a.id);
    // north_west saw b join while it was theirs, then its withdrawal: never its london code.
    const nw = records(rooms.north_west);
    expect(nw.filter((r) => !r.withdrawn && r.ambulanceService !== 'north_west')).toEqual([]);
    expect(nw.filter((r) => r.id === b.id).at(-1)).toMatchObject({ withdrawn: true, reason: 'moved_to_another_service' });
    expect(readFileSync(rooms.north_west.file, 'utf8')).not.toContain('LDN-5528');
  });

  it('holds the batches while the receiver is down for 10 minutes, retrying with growing delays, and delivers them in order when it returns', async () => {
    const room = rooms.london;
    const start = await caughtUp(room);
    room.down = true;
    const kit = await register({ serialNumber: 'PUSH-DOWN', locationType: 'locked_cabinet', cabinetCode: '3030', postcode: 'SE1 7PB' });
    await approve(kit.id);
    await edit(kit.id, { ambulanceService: 'london' });
    const downSince = clock.now().getTime();
    const waits: { attempt: number; waitMs: number }[] = [];
    let s = await readUntil(
      () => status(room),
      (v) => v.failedAttempts >= 1,
      15_000,
      100,
    );
    // Changes made while it is down queue behind the held batch.
    await edit(kit.id, { locationName: 'Borough Hall' });
    await edit(kit.id, { cabinetCode: '4040' });
    while (clock.now().getTime() - downSince < 10 * 60_000) {
      const attempt = s.failedAttempts;
      waits.push({ attempt, waitMs: new Date(s.nextAttemptAt!).getTime() - clock.now().getTime() });
      clock.set(s.nextAttemptAt!);
      s = await readUntil(
        () => status(room),
        (v) => v.failedAttempts > attempt,
        15_000,
        100,
      );
    }
    expect(s).toMatchObject({ state: 'active', lastError: 'HTTP 503: down for maintenance', failingSince: expect.any(String) });
    expect(waits.length).toBeGreaterThanOrEqual(8);
    for (const { attempt, waitMs } of waits) {
      const ceiling = Math.min(FEED_PUSH_BACKOFF_MAX_MS, FEED_PUSH_BACKOFF_FIRST_MS * 2 ** (attempt - 1));
      // Drawn from the upper half of the doubling ceiling (jitter); a few ms pass between the attempt and the read.
      expect(waitMs).toBeGreaterThan(ceiling / 2 - 1000);
      expect(waitMs).toBeLessThanOrEqual(ceiling);
    }
    expect(room.receiver.batches()).toEqual(start);

    room.down = false;
    clock.set(s.nextAttemptAt!);
    const after = await caughtUp(room, 20_000);
    const fresh = after.slice(start.length);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    // Contiguous and in order: each batch starts where the one before it ended; the held one first.
    fresh.forEach((b, i) => expect(b.afterCursor).toBe(i === 0 ? start.at(-1)!.nextCursor : fresh[i - 1].nextCursor));
    expect(fresh.flatMap((b) => b.records).filter((r) => r.id === kit.id)).toEqual([
      expect.objectContaining({ cabinetCode: '3030' }),
      expect.objectContaining({ cabinetCode: '4040', locationName: 'Borough Hall' }),
    ]);
    const log = await h.bus.request(AmbulanceFeedSubjects.pushLog, { actor: admin, clientId: room.clientId, page: 1, pageSize: 200 });
    const held = fresh[0].webhookId;
    // Every attempt of the held batch carried the same idempotency key.
    expect(log.data.filter((d) => d.messageId === held).map((d) => d.outcome)).toEqual(['delivered', ...Array(s.failedAttempts).fill('failed')]);
  });

  it('signs with the old secret beside the new one during the overlap after a rotation, and not after it', async () => {
    const room = rooms.london;
    await caughtUp(room);
    const rotated = await h.bus.request(AmbulanceFeedSubjects.pushRotateSecret, { actor: admin, clientId: room.clientId });
    expect(rotated.secret).not.toBe(room.secret);
    expect(rotated.subscription.previousSecretValidUntil).toEqual(expect.any(String));
    // The receiver still holds only the old secret: within the overlap it verifies.
    const kit = await register({ serialNumber: 'PUSH-ROT', postcode: 'SE1 7PB' });
    await approve(kit.id);
    await edit(kit.id, { ambulanceService: 'london' });
    await caughtUp(room);
    expect(room.receiver.requests.at(-1)).toMatchObject({ outcome: 'accepted' });

    clock.advance(FEED_PUSH_SECRET_OVERLAP_HOURS * 3_600_000 + 60_000);
    await edit(kit.id, { locationName: 'After the overlap' });
    const refused = await readUntil(
      () => status(room),
      (s) => s.failedAttempts >= 1,
      15_000,
      100,
    );
    expect(refused.lastError).toBe('HTTP 401: no valid signature');
    expect(refused.previousSecretValidUntil).toBeNull();
    expect(room.receiver.requests.at(-1)).toMatchObject({ outcome: 'refused', status: 401 });

    // Given the new secret alone, the receiver takes the held batch.
    room.receiver.secrets = [rotated.secret];
    clock.set(refused.nextAttemptAt!);
    const batches = await caughtUp(room);
    expect(batches.at(-1)!.records).toEqual([expect.objectContaining({ id: kit.id, locationName: 'After the overlap' })]);
  });

  it('pauses a subscription whose batch has failed for 24 hours, tells the status page (the admins are e-mailed from it), and resumes', async () => {
    const room = rooms.north_west;
    await caughtUp(room);
    room.down = true;
    const kit = await register({ serialNumber: 'PUSH-PAUSE' });
    await approve(kit.id);
    let s = await readUntil(
      () => status(room),
      (v) => v.failedAttempts >= 1,
      15_000,
      100,
    );
    clock.advance(FEED_PUSH_RETRY_HOURS * 3_600_000);
    s = await readUntil(
      () => status(room),
      (v) => v.state === 'paused',
      15_000,
      100,
    );
    expect(s).toMatchObject({ pausedAt: expect.any(String), lastError: 'HTTP 503: down for maintenance' });
    const facts = await h.bus.request(AmbulanceFeedSubjects.statusFacts, {});
    expect(facts.keys.find((k) => k.id === room.clientId)).toMatchObject({ pushPausedAt: s.pausedAt, pushError: 'HTTP 503: down for maintenance' });
    expect(
      systemStatusOf({ backups: null, mail: null, reminders: null, feeds: facts }, clock.now()).items.find((i) => i.id === 'ambulance_feeds'),
    ).toMatchObject({
      level: 'red',
    });

    // Paused: nothing is tried however long it waits; resumed with the receiver back, the held batch goes first.
    const attempts = room.receiver.requests.length;
    clock.advance(3_600_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(room.receiver.requests.length).toBe(attempts);
    room.down = false;
    await h.bus.request(AmbulanceFeedSubjects.pushResume, { actor: admin, clientId: room.clientId });
    const batches = await caughtUp(room);
    expect(batches.at(-1)!.records).toEqual([expect.objectContaining({ id: kit.id, withdrawn: false })]);
    expect((await h.bus.request(AmbulanceFeedSubjects.statusFacts, {})).keys.find((k) => k.id === room.clientId)).not.toHaveProperty('pushPausedAt');
  });
});
