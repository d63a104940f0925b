import { connect, StorageType } from 'nats';
import { natsServers } from '@bleedkits/platform';
import { type TestNatsCluster, startTestNatsCluster, importCsv, importRow } from '@bleedkits/platform/testing';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { AnswerDrift, describedFetch } from '../../test/described-answers';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import { seedKitsSql } from '../routes/finder/testing/seed-kits';
import { syntheticUkKits } from '../routes/finder/testing/uk-kits';

jest.setTimeout(180_000);

type Outcome = { at: number; status: number; ms: number };

/**
 * After a server dies its clients reconnect to another (a request asked meanwhile fails fast) and a request lost with
 * it is asked once more: the issue's targets are at most 1 % errors in the first 10 s, none after.
 */
const SETTLE_MS = 10_000;

/** Finder requests in flight at once. */
const LOAD_LOOPS = 4;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * ISSUE 27, acceptance 2 (the short version of bench:faults): a NATS cluster of three servers on loopback ports, the
 * gateway, one geo-search replica, kits, identity, notifications (with a local SMTP peer) and imports, every one
 * connected to all three servers. `kill -9` of one server under a steady finder load: a bounded handful of errors
 * while the clients move to the servers left, none after; an e-mail and an import job queued just after the kill
 * still complete.
 */
describe('a NATS cluster of three: one server killed under load', () => {
  let cluster: TestNatsCluster;
  let smtp: TestSmtpPeer;
  let stack: Stack;
  let admin: HttpClient;
  const outcomes: Outcome[] = [];
  const drifts: string[] = [];
  let running = false;
  let loops: Promise<void>[] = [];
  let n = 0;

  /** A never-repeated nearby or viewport query across England, so each one crosses NATS to geo-search. */
  function nextPath(): string {
    const i = n++;
    const lat = 50.8 + ((i * 0.6180339887) % 1) * 4;
    const lng = -3.5 + ((i * 0.4142135623) % 1) * 4;
    if (i % 2) return `/api/bleed-kits/nearby?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&radius=20&limit=50`;
    const h = 180 / 2 ** 10;
    return `/api/bleed-kits/public?north=${(lat + h / 2).toFixed(5)}&south=${(lat - h / 2).toFixed(5)}&east=${(lng + h).toFixed(5)}&west=${(lng - h).toFixed(5)}&zoom=10`;
  }

  function startLoad(): void {
    running = true;
    loops = Array.from({ length: LOAD_LOOPS }, async () => {
      while (running) {
        const started = Date.now();
        const status = await describedFetch(stack.baseUrl + nextPath(), { signal: AbortSignal.timeout(15_000) }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          // A lost connection is an outcome the test bounds; an answer that drifted from its description is a
          // failure, kept apart for afterEach (thrown here it would only end this loop).
          (e: unknown) => {
            if (e instanceof AnswerDrift) drifts.push(e.message);
            return 0;
          },
        );
        outcomes.push({ at: started, status, ms: Date.now() - started });
        // A steady rate rather than as fast as two shared cores allow.
        await pause(20);
      }
    });
  }

  const between = (from: number, to: number) => outcomes.filter((o) => o.at >= from && o.at < to);
  const errors = (list: Outcome[]) => list.filter((o) => o.status !== 200);

  /** Asks again (a few times, briefly) while the answer is 503: the gateway's bus refused it without sending it. */
  async function askedAgainOn503<T extends { status: number }>(ask: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const answer = await ask();
      if (answer.status !== 503 || attempt === 10) return answer;
      await pause(100);
    }
  }

  beforeAll(async () => {
    cluster = await startTestNatsCluster(3);
    // A bucket left by a register that ran on one server (one copy): geo-search gives it the configured three.
    const nc = await connect({ servers: natsServers(cluster.url) });
    await nc.jetstream().views.os('geo-search-snapshots', { storage: StorageType.File, replicas: 1 });
    await nc.close();
    smtp = await startTestSmtpPeer();
    stack = await startStack({
      nats: cluster,
      contexts: ['identity', 'kits', 'geo-search', 'notifications', 'imports'],
      serviceEnv: {
        'geo-search': {
          POSTCODES_IO_BASE_URL: 'off',
          GEO_CATCHUP_INTERVAL_MS: '500',
          NATS_JETSTREAM_REPLICAS: '3',
          GEO_PROJECTION_SNAPSHOT_FIRST_DELAY_MS: '500',
        },
        notifications: { SMTP_URL: smtp.url, EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000' },
        imports: { POSTCODES_IO_BASE_URL: 'off' },
      },
    });
    await seedKitsSql(stack.db.url, syntheticUkKits(500));
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    // geo-search has read the seeded kits from the feed.
    for (const deadline = Date.now() + 30_000; ; await pause(250)) {
      const res = await describedFetch(`${stack.baseUrl}/api/bleed-kits/nearby?lat=52.5&lng=-1.5&radius=200&limit=10`);
      const body = (await res.json().catch(() => null)) as { kits?: unknown[] } | unknown[] | null;
      const kits = Array.isArray(body) ? body : body?.kits;
      if (res.status === 200 && kits?.length) break;
      if (Date.now() > deadline) throw new Error(`geo-search did not answer with the seeded kits: ${res.status} ${JSON.stringify(body)}`);
    }
  }, STACK_BOOT_TIMEOUT_MS);

  afterEach(() => expect(drifts).toEqual([]));
  afterAll(async () => {
    running = false;
    await Promise.all(loops);
    await stack?.close();
    await smtp?.close();
  });

  it('keeps the finder answering (errors only while the clients move), and an e-mail and an import queued after still complete', async () => {
    // geo-search's snapshot bucket is kept on every server (NATS_JETSTREAM_REPLICAS), the one made with one copy too.
    const jsz = (await (await fetch(`${cluster.servers[0].monitorUrl}/jsz?streams=true&config=true`)).json()) as {
      account_details?: { stream_detail?: { name: string; config: { num_replicas: number } }[] }[];
    };
    const streams = (jsz.account_details ?? []).flatMap((a) => a.stream_detail ?? []);
    expect(streams.find((s) => s.name === 'OBJ_geo-search-snapshots')?.config.num_replicas).toBe(3);

    startLoad();
    await pause(3000);
    // The server with the most of the stack's connections (each process picks one of the three at random).
    const clients = await Promise.all(
      cluster.servers.map(async (s) => ((await (await fetch(`${s.monitorUrl}/varz`)).json()) as { connections: number }).connections),
    );
    const victim = cluster.servers[clients.indexOf(Math.max(...clients))];
    expect(Math.max(...clients)).toBeGreaterThan(0);
    const killedAt = Date.now();
    await victim.kill();

    // Queued right after the kill: the gateway's request, the e-mail job and the import's calls to kits all cross NATS.
    // While the gateway's own connection moves it answers 503 at once (the request never left it), which a client
    // asks again; nothing else is retried.
    const contact = await askedAgainOn503(() =>
      admin.post('/api/contact', {
        name: 'Sam Visitor',
        email: 'sam@example.org',
        subject: 'Kit at the station',
        message: 'The kit at the station was used last night.',
      }),
    );
    const imported = await askedAgainOn503(async () => {
      const form = new FormData();
      form.append('csvFile', new Blob([importCsv([importRow({ serialNumber: 'CLUSTER-0001' })])], { type: 'text/csv' }), 'kits.csv');
      const res = await describedFetch(`${stack.baseUrl}/api/admin/bleed-kits/import`, {
        method: 'POST',
        body: form,
        headers: { cookie: `bk.sid=${admin.sessionId}`, prefer: 'respond-async' },
      });
      return { status: res.status, body: (await res.json()) as { jobId: string } };
    });
    const importJob = imported.body;
    expect({ contact: contact.status, import: imported.status }).toEqual({ contact: 202, import: 202 });

    for (
      const until = Date.now() + 20_000;
      (Date.now() < killedAt + SETTLE_MS + 3000 || between(killedAt + SETTLE_MS, Infinity).length < 150) && Date.now() < until;
    )
      await pause(250);
    running = false;
    await Promise.all(loops);
    const end = Date.now();

    // A request still in flight at the kill counts with the ones after it.
    const before = outcomes.filter((o) => o.at + o.ms < killedAt);
    const settling = outcomes.filter((o) => o.at + o.ms >= killedAt && o.at < killedAt + SETTLE_MS);
    const after = between(killedAt + SETTLE_MS, end);
    console.log(
      `NATS server ${victim.name} (${Math.max(...clients)} of ${clients.reduce((a, b) => a + b)} connections) killed: ${before.length} finder requests before (${errors(before).length} errors), ${settling.length} in the ${SETTLE_MS / 1000} s after (${errors(settling).length} errors: ${
        errors(settling)
          .map((o) => `${o.status} in ${o.ms} ms`)
          .join(', ') || 'none'
      }; slowest ${Math.max(...settling.map((o) => o.ms))} ms), ${after.length} after (${errors(after).length} errors)`,
    );
    expect(before.length).toBeGreaterThan(50);
    expect(errors(before)).toEqual([]);
    expect(before.length + settling.length + after.length).toBeGreaterThan(300);
    expect(settling.length).toBeGreaterThan(200);
    // The issue's target (1 %), and never more than one fast 503 per load loop on a machine too busy to reach 400.
    expect(errors(settling).length).toBeLessThanOrEqual(Math.max(LOAD_LOOPS, Math.floor(settling.length / 100)));
    expect(after.length).toBeGreaterThan(100);
    expect(errors(after)).toEqual([]);

    // The e-mail is delivered (to the sender and to the admin), once each.
    await smtp.waitFor((m) => m.envelopeTo.includes('sam@example.org') && m.subject === 'We received your message: Kit at the station');
    await smtp.waitFor((m) => m.envelopeTo.includes(ADMIN.email) && m.subject === 'New contact message: Kit at the station');
    // The import job finishes and its kit is in the register.
    let view: { status?: string; created?: number } = {};
    for (const deadline = Date.now() + 30_000; view.status !== 'completed' && Date.now() < deadline; await pause(250))
      view = (await admin.get(`/api/imports/${importJob.jobId}`)).body;
    expect(view).toMatchObject({ status: 'completed', created: 1 });
    const sent = smtp.received.filter((m) => m.subject.endsWith('Kit at the station'));
    expect(sent).toHaveLength(2);

    // Started again with its store, the server rejoins and catches up.
    await victim.start();
    await cluster.whenHealthy();
  });
});
