import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const cruise = (cwd: string, targets: string[]) => {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      ...targets,
      '--config',
      path.join(root, '.dependency-cruiser.cjs'),
      '--output-type',
      'err',
    ],
    { cwd, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/** The layer rules of .dependency-cruiser.cjs hold over the whole tree (CONVENTIONS: layer direction checked by a tool). */
describe('architecture', () => {
  it('has no dependency that breaks a layer rule', () => {
    const { status, output } = cruise(root, ['contracts/src', 'platform/src', 'gateway/src', 'services', 'web/src']);
    expect(output).toMatch(/no dependency violations found \((\d+) modules/);
    expect(Number(/\((\d+) modules/.exec(output)?.[1])).toBeGreaterThan(300);
    expect(status).toBe(0);
  }, 60_000);

  it('fails a domain that reaches a framework only through another module (the rule is transitive)', () => {
    const { status, output } = cruise(path.join(root, 'scripts/fixtures/impure-domain'), ['services']);
    expect(output).toMatch(/domain-is-pure: services\/demo\/src\/domain\/rule\.js/);
    expect(status).not.toBe(0);
  }, 60_000);
});
