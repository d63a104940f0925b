import { type ServiceProcess, startServiceProcess } from '@bleedkits/platform/testing';
import { AnswerDrift, describedFetch } from '../../../test/described-answers';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';
import { seedKitsSql } from './testing/seed-kits';
import { syntheticUkKits } from './testing/uk-kits';

jest.setTimeout(600_000);

type Outcome = { at: number; status: number; ms: number };

/** The gateway trusts a cached answer this long without news from geo-search (FINDER_CACHE_TTL_MS). */
const CACHE_TTL_MS = 2000;

/**
 * Acceptance (issue 17), at a small scale: two geo-search replicas (real processes, started through main.ts) under a
 * steady load of unrepeated map queries through the gateway. `kill -9` of one gives a bounded burst of errors (the
 * gateway asks a timed-out query once more, of the replica left) and none after; a rolling restart (SIGTERM, start,
 * ready, next) gives none; a NATS restart fails requests fast and the finder recovers; a replica that falls silent
 * (issue 27: a host cut off) costs time, not answers.
 */
describe('finder under faults: two geo-search replicas', () => {
  let stack: Stack;
  const replicas: ServiceProcess[] = [];
  const outcomes: Outcome[] = [];
  const drifts: string[] = [];
  let running = false;
  let loops: Promise<void>[] = [];
  let n = 0;

  const geoEnv = () => ({
    NODE_ENV: 'test',
    NATS_URL: stack.nats.url,
    POSTCODES_IO_BASE_URL: 'off',
    GEO_CATCHUP_INTERVAL_MS: '500',
    GEO_PROJECTION_SNAPSHOT_FIRST_DELAY_MS: '500',
    SHUTDOWN_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'warn',
  });

  async function startReplica(): Promise<ServiceProcess> {
    const p = await startServiceProcess('geo-search', geoEnv(), 60_000);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${p.httpPort}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200) break;
      if (Date.now() > deadline) throw new Error(`geo-search did not become ready:\n${p.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    replicas.push(p);
    return p;
  }

  /** A never-repeated viewport or nearby query across England (so each one crosses NATS to a replica). */
  function nextPath(): string {
    const i = n++;
    const lat = 50.8 + ((i * 0.6180339887) % 1) * 4;
    const lng = -3.5 + ((i * 0.4142135623) % 1) * 4;
    if (i % 2) return `/api/bleed-kits/nearby?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&radius=20&limit=100`;
    const zoom = [8, 10, 12][i % 3];
    const h = 180 / 2 ** zoom;
    return `/api/bleed-kits/public?north=${(lat + h / 2).toFixed(5)}&south=${(lat - h / 2).toFixed(5)}&east=${(lng + h).toFixed(5)}&west=${(lng - h).toFixed(5)}&zoom=${zoom}`;
  }

  function startLoad(concurrency = 6): void {
    running = true;
    loops = Array.from({ length: concurrency }, async () => {
      while (running) {
        const started = Date.now();
        const status = await describedFetch(stack.baseUrl + nextPath(), {
          headers: { 'accept-encoding': 'gzip' },
          signal: AbortSignal.timeout(15_000),
        }).then(
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
      }
    });
  }

  async function stopLoad(): Promise<void> {
    running = false;
    await Promise.all(loops);
  }

  const between = (from: number, to: number) => outcomes.filter((o) => o.at >= from && o.at < to);
  const errors = (list: Outcome[]) => list.filter((o) => o.status !== 200);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    stack = await startStack({ contexts: ['kits'], gatewayEnv: { FINDER_CACHE_TTL_MS: String(CACHE_TTL_MS) } });
    await seedKitsSql(stack.db.url, syntheticUkKits(5000));
    await startReplica();
    await startReplica();
  }, STACK_BOOT_TIMEOUT_MS);

  afterEach(() => expect(drifts).toEqual([]));
  afterAll(async () => {
    running = false;
    await Promise.all(loops);
    for (const p of replicas) await p.kill('SIGKILL').catch(() => undefined);
    await stack?.close();
  });

  it('kill -9 of one replica under load: a bounded burst of errors in the 10 s after, none after that', async () => {
    startLoad();
    await pause(2000);
    const killedAt = Date.now();
    await replicas.shift()!.kill('SIGKILL');
    await pause(13_000);
    // A busy machine may start few requests in the 3 s after the burst window: keep the load up (bounded) until
    // enough have been asked there to say "none after".
    for (const until = Date.now() + 20_000; between(killedAt + 10_000, Infinity).length <= 30 && Date.now() < until;) await pause(250);
    const end = Date.now();
    await stopLoad();
    const before = between(0, killedAt);
    const burst = between(killedAt, killedAt + 10_000);
    const after = between(killedAt + 10_000, end);
    expect(before.length).toBeGreaterThan(50);
    expect(errors(before)).toEqual([]);
    expect(burst.length).toBeGreaterThan(100);
    expect(errors(burst).length).toBeLessThanOrEqual(Math.floor(burst.length / 100));
    expect(after.length).toBeGreaterThan(30);
    expect(errors(after)).toEqual([]);
    // The queries the dead replica held were asked again of the other one: slow, not lost.
    console.log(
      `kill -9: ${burst.length} requests in the 10 s after, ${errors(burst).length} errors, slowest ${Math.max(...burst.map((o) => o.ms))} ms; ${after.length} after, ${errors(after).length} errors`,
    );
  });

  it('rolling restart under load (SIGTERM, start, ready, next): no errors', async () => {
    // The replacement for the killed replica starts from the stored snapshot.
    await startReplica();
    outcomes.length = 0;
    startLoad();
    await pause(1000);
    for (let i = 0; i < 2; i++) {
      const old = replicas.shift()!;
      expect(await old.kill('SIGTERM')).toBe(0);
      await startReplica();
      await pause(1000);
    }
    await pause(1000);
    await stopLoad();
    expect(outcomes.length).toBeGreaterThan(100);
    expect(errors(outcomes)).toEqual([]);
  });

  it('NATS restarted under load: requests fail fast while it is away (a cached answer only within its TTL), and the finder recovers', async () => {
    outcomes.length = 0;
    startLoad(4);
    await pause(1000);
    const stoppedAt = Date.now();
    await stack.nats.stop();
    await pause(CACHE_TTL_MS + 2000);
    const restartedAt = Date.now();
    await stack.nats.start();
    // Every process reconnects on its own; the replicas rejoin their queue group.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restartedAt < 30_000) {
      await pause(200);
      const recent = outcomes.filter((o) => o.at > Date.now() - 1000);
      if (recent.length > 5 && errors(recent).length === 0) recoveredAt = Date.now();
    }
    await pause(1000);
    await stopLoad();
    // While the cache is still trusted a repeated (normalised) request may be answered from it; nothing waits.
    const trusted = between(stoppedAt + 200, stoppedAt + CACHE_TTL_MS);
    for (const o of trusted) expect({ status: o.status === 200 ? 503 : o.status, fast: o.ms < 1000 }).toEqual({ status: 503, fast: true });
    const outage = between(stoppedAt + CACHE_TTL_MS + 200, restartedAt);
    expect(outage.length).toBeGreaterThan(10);
    for (const o of outage) expect({ status: o.status, fast: o.ms < 1000 }).toEqual({ status: 503, fast: true });
    expect(recoveredAt).toBeGreaterThan(0);
    expect(errors(between(recoveredAt, Date.now()))).toEqual([]);
  });

  /** Hot queries a replica answered so far (its own metrics, by the hot subject whichever way the query came). */
  async function answered(p: ServiceProcess): Promise<number> {
    const text = await fetch(`http://127.0.0.1:${p.httpPort}/metrics`).then(
      (res) => res.text(),
      // Once seen in CI: the resumed replica no longer listening. Its own last words say why.
      (error: unknown) => {
        throw new Error(`geo-search (pid ${p.pid}) did not answer /metrics (${(error as Error).message}); its output:\n${p.output().slice(-4000)}`);
      },
    );
    return [...text.matchAll(/^bk_nats_handler_seconds_count\{subject="geo-search\.qry\.(?:viewport|nearby)\.v1",outcome="ok"\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  }

  it('a replica that falls silent (SIGSTOP: its connection open, nothing answered, nothing announced, as a host cut off) loses no query; asked again once back', async () => {
    await pause(3000); // both replicas announced again after the NATS restart
    outcomes.length = 0;
    startLoad(4);
    await pause(1000);
    const [silent, other] = replicas;
    const frozenAt = Date.now();
    process.kill(silent.pid, 'SIGSTOP');
    await pause(8000);
    process.kill(silent.pid, 'SIGCONT');
    const before = await answered(silent);
    await pause(4000);
    await stopLoad();
    const frozen = between(frozenAt, frozenAt + 8000);
    console.log(
      `silent replica: ${frozen.length} requests in the 8 s, ${errors(frozen).length} errors, slowest ${Math.max(...frozen.map((o) => o.ms))} ms`,
    );
    expect(frozen.length).toBeGreaterThan(50);
    // The queries it held were asked again of the other replica after FINDER_QUERY_TIMEOUT_MS; no more were given to
    // it once it had been silent for GeoSearchWire.silentAfterMs (NATS alone kept giving it half of them: 25 % errors).
    expect(errors(frozen).length).toBeLessThanOrEqual(Math.floor(frozen.length / 100));
    expect(errors(outcomes)).toEqual(errors(frozen));
    // Back, it announces itself and is asked again.
    expect(await answered(silent)).toBeGreaterThan(before);
    expect(await answered(other)).toBeGreaterThan(0);
  });

  it('a replica paused for a moment (SIGSTOP for 1.5 s, as a long collection of its heap would) holds up no query for the pause: the slow ones are also asked of the other replica', async () => {
    await pause(3000); // the silent replica of the test before has announced itself again
    outcomes.length = 0;
    startLoad(4);
    await pause(1000);
    const [paused] = replicas;
    const pausedAt = Date.now();
    process.kill(paused.pid, 'SIGSTOP');
    await pause(1500);
    process.kill(paused.pid, 'SIGCONT');
    await pause(1000);
    await stopLoad();
    const during = between(pausedAt, pausedAt + 1500);
    const slowest = Math.max(...during.map((o) => o.ms));
    console.log(`paused replica: ${during.length} requests in the 1.5 s, ${errors(during).length} errors, slowest ${slowest} ms`);
    expect(during.length).toBeGreaterThan(10);
    expect(errors(outcomes)).toEqual([]);
    // Waiting out the pause would take up to 1.5 s: a query it held is answered by the other replica after
    // FINDER_HEDGE_AFTER_MS (25 ms), and the next ones go to the other replica (it has fewer outstanding).
    expect(slowest).toBeLessThan(750);
  });
});
