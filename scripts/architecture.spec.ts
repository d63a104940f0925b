import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** The layer rules of .dependency-cruiser.cjs hold over the whole tree (CONVENTIONS: layer direction checked by a tool). */
describe('architecture', () => {
  it('has no dependency that breaks a layer rule', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'contracts/src', 'platform/src', 'gateway/src', 'services', 'web/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { cwd: root, encoding: 'utf8' },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(output).toMatch(/no dependency violations found \((\d+) modules/);
    expect(Number(/\((\d+) modules/.exec(output)?.[1])).toBeGreaterThan(300);
    expect(run.status).toBe(0);
  }, 60_000);
});
