import { KitsSubjects } from '@bleedkits/contracts/wire';
import { startServiceProcess } from './service-process';
import { type TestBed, createTestBed } from './test-bed';

describe(startServiceProcess.name, () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await createTestBed('service-process-test');
  });
  afterAll(async () => bed?.close());

  it('runs a context through its own main.ts, dies on SIGKILL, and starts again where it left off', async () => {
    const env = { ...bed.env, POSTCODES_IO_BASE_URL: 'off' };
    const first = await startServiceProcess('kits', env);
    const before = await bed.bus.request(KitsSubjects.manufacturers, {});
    expect(before).toBeDefined();
    expect(await first.kill('SIGKILL')).toBeNull();
    await expect(bed.bus.request(KitsSubjects.manufacturers, {}, 300)).rejects.toBeDefined();
    const second = await startServiceProcess('kits', env);
    expect(second.pid).not.toBe(first.pid);
    await expect(bed.bus.request(KitsSubjects.manufacturers, {})).resolves.toBeDefined();
    await second.kill('SIGTERM');
  }, 90_000);
});
