import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

/** Every `*.handler.ts` under services/<context>/src without its `*.handler.spec.ts` beside it (relative to `tree`). */
const handlersWithoutSpec = (tree: string) => {
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (entry.name.endsWith('.handler.ts')) {
        const siblings = readdirSync(dir);
        if (!siblings.includes(entry.name.replace(/\.ts$/, '.spec.ts'))) missing.push(path.relative(tree, file).split(path.sep).join('/'));
      }
    }
  };
  for (const context of readdirSync(path.join(tree, 'services'), { withFileTypes: true })) {
    const src = path.join(tree, 'services', context.name, 'src');
    if (context.isDirectory() && readdirSync(path.join(tree, 'services', context.name)).includes('src')) walk(src);
  }
  return missing.sort();
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

  // CONVENTIONS and docs/architecture.md: every use case is a handler whose rules a spec beside it checks, its ports replaced by doubles.
  it('has a *.handler.spec.ts beside every *.handler.ts of a context', () => {
    expect(handlersWithoutSpec(root)).toEqual([]);
  });

  it('fails a handler without a spec beside it', () => {
    expect(handlersWithoutSpec(path.join(root, 'scripts/fixtures/handler-without-spec'))).toEqual([
      'services/demo/src/queries/demo-page/demo-page.handler.ts',
    ]);
  });
});
