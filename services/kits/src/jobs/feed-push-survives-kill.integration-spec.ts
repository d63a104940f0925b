import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AmbulanceFeedSubjects } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { type ServiceProcess, type TestBed, createTestBed, readUntil, startServiceProcess, waitFor } from '@bleedkits/platform/testing';
import { type FeedReceiver, createFeedReceiver } from '../../../../examples/feed-receiver/receiver';
import { actor, validKit } from '../../test/kits-harness';

/**
 * Issue 30, acceptance 1 (kill the delivery worker mid-batch): the kits service, a real child process started through
 * its own main.ts, is killed (SIGKILL) while a batch is in flight and the receiver has taken it but not yet answered.
 * The restarted process takes the stalled job over (FEED_PUSH_JOB_LOCK_MS) and sends the held batch again: the same
 * webhook-id and bytes, which the receiver drops as a duplicate. Nothing is lost and nothing is written twice.
 */
describe('a push delivery killed mid-batch', () => {
  let bed: TestBed;
  let kits: ServiceProcess | null = null;
  let env: Record<string, string>;
  let server: Server;
  let receiver: FeedReceiver;
  let dir: string;
  /** While set, the receiver writes a batch but its answer never leaves (the sender dies waiting for it). */
  let answerLost = false;
  const unanswered: ServerResponse[] = [];
  const admin = actor('admin');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'feed-push-kill-'));
    bed = await createTestBed('kits-feed-push-kill-test');
    env = {
      ...bed.env,
      POSTCODES_IO_BASE_URL: 'off',
      FEED_PUSH_SWEEP_MS: '200',
      FEED_PUSH_JOB_LOCK_MS: '2000',
      FEED_PUSH_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'warn',
    };
    kits = await startServiceProcess('kits', env);
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (!answerLost) return receiver.handle(req, res);
      unanswered.push(res);
      const swallowed = { writeHead: () => swallowed, end: () => swallowed } as unknown as ServerResponse;
      receiver.handle(req, swallowed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    await kits?.kill('SIGKILL');
    for (const res of unanswered) res.destroy();
    await new Promise((r) => server?.close(r));
    await bed?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the held batch again under the same webhook-id after a restart: nothing lost, the duplicate dropped', async () => {
    const client = await bed.bus.request(AmbulanceFeedSubjects.createClient, { actor: admin, scope: 'north_west', label: 'NWAS' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
    const set = await bed.bus.request(AmbulanceFeedSubjects.pushSet, { actor: admin, clientId: client.client.id, url });
    receiver = createFeedReceiver({ secrets: [set.secret!], file: path.join(dir, 'feed.ndjson') });
    const owner = actor('user');
    const approved = async (serialNumber: string) => {
      const kit = await bed.bus.request(KitsSubjects.register, {
        actor: owner,
        kit: validKit({ serialNumber, locationType: 'locked_cabinet', cabinetCode: '7070' }),
      });
      await bed.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
      return kit.id;
    };

    answerLost = true;
    const first = [await approved('KILL-1'), await approved('KILL-2')];
    await waitFor(() => receiver.requests.length >= 1, 15_000);
    await kits!.kill('SIGKILL');
    kits = null;
    const [held] = receiver.requests;
    expect(held).toMatchObject({ outcome: 'accepted' });

    answerLost = false;
    kits = await startServiceProcess('kits', env);
    const later = await approved('KILL-3');
    const status = await readUntil(
      () => bed.bus.request(AmbulanceFeedSubjects.pushStatus, { actor: admin, clientId: client.client.id }),
      (s) => s.subscription.lagRecords === 0 && receiver.batches().some((b) => b.records.some((r) => r.id === later)),
      30_000,
      200,
    );

    // The held batch came again under its own id and was dropped; every later id is new.
    const again = receiver.requests.filter((r) => r.id === held.id);
    expect(again.map((r) => r.outcome)).toEqual(['accepted', ...again.slice(1).map(() => 'duplicate')]);
    expect(again.length).toBeGreaterThanOrEqual(2);
    const others = receiver.requests.filter((r) => r.id !== held.id);
    expect(others.map((r) => r.outcome)).toEqual(others.map(() => 'accepted'));
    // Every kit once, in feed order, the batches contiguous from the subscription's start to its delivered cursor.
    const batches = receiver.batches();
    const ids = batches.flatMap((b) => b.records.map((r) => r.id));
    expect(ids).toEqual([...first, later]);
    batches.slice(1).forEach((b, i) => expect(b.afterCursor).toBe(batches[i].nextCursor));
    expect(batches.at(-1)!.nextCursor).toBe(status.subscription.deliveredCursor);
  }, 90_000);
});
