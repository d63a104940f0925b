import { type ServiceProcess, startServiceProcess } from '@bleedkits/platform/testing';
import { describedFetch } from '../../test/described-answers';
import { type Stack, startStack } from '../../test/stack-harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * ISSUE 16, acceptance 4: SIGTERM to one of two kits replicas under steady requests through the gateway costs no
 * request. The stopping replica leaves the queue group at once (NATS sends every new request to the other), answers
 * what it had already received, then drains its connection and exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
describe('a graceful stop of one kits replica under load', () => {
  let stack: Stack;
  const replicas: ServiceProcess[] = [];
  beforeAll(async () => {
    stack = await startStack({ contexts: [] });
    const env = { ...stack.env, POSTCODES_IO_BASE_URL: 'off', SHUTDOWN_TIMEOUT_MS: '10000' };
    replicas.push(await startServiceProcess('kits', env), await startServiceProcess('kits', env));
  }, 90_000);
  afterAll(async () => {
    for (const r of replicas) await r.kill('SIGKILL');
    await stack?.close();
  });

  it('answers every request while one replica stops', async () => {
    const statuses = new Map<number | string, number>();
    let running = true;
    const worker = async () => {
      while (running) {
        // A drifted answer is kept by its message, which the expectation on statuses then prints.
        const status = await describedFetch(`${stack.baseUrl}/api/config/manufacturers`).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          (e: Error) => e.message,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: 8 }, () => worker());
    const [stopping, staying] = replicas;
    let exit: number | null;
    let beforeStop: number;
    try {
      // startServiceProcess returns once the queue group answers, which the first replica already does: wait until
      // both share the load before stopping one.
      for (const deadline = Date.now() + 30_000; (await handled(stopping)) === 0 || (await handled(staying)) === 0; await sleep(100)) {
        if (Date.now() > deadline) throw new Error('both replicas never answered');
      }
      beforeStop = await handled(staying);
      exit = await stopping.kill('SIGTERM');
      await sleep(1500);
    } finally {
      running = false;
      await Promise.all(workers);
    }

    expect(exit).toBe(0);
    expect(stopping.output()).toMatch(/"msg":"stopped","code":0/);
    expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
    expect(statuses.get(200)).toBeGreaterThan(100);
    // The other replica carried on alone.
    expect(await handled(staying)).toBeGreaterThan(beforeStop);
  }, 60_000);
});

/** Manufacturers requests a replica has answered, from its own metrics. */
async function handled(replica: ServiceProcess): Promise<number> {
  // A replica still booting has no port open yet: it has answered nothing.
  const text = await fetch(`http://127.0.0.1:${replica.httpPort}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const m = /^bk_nats_handler_seconds_count\{subject="kits\.qry\.manufacturers\.v1",outcome="ok"\} (\d+)$/m.exec(text);
  return m ? Number(m[1]) : 0;
}
