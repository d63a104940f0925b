import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
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

/** Every file under services/<context>/src of `tree` (node_modules and dist aside), as [absolute path, folder]. */
const contextSourceFiles = (tree: string): [string, string][] => {
  const files: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else files.push([file, dir]);
    }
  };
  for (const context of readdirSync(path.join(tree, 'services'), { withFileTypes: true })) {
    const src = path.join(tree, 'services', context.name, 'src');
    if (context.isDirectory() && readdirSync(path.join(tree, 'services', context.name)).includes('src')) walk(src);
  }
  return files;
};
const relative = (tree: string, file: string) => path.relative(tree, file).split(path.sep).join('/');

/** Every `*.handler.ts` under services/<context>/src without its `*.handler.spec.ts` beside it (relative to `tree`). */
const handlersWithoutSpec = (tree: string) =>
  contextSourceFiles(tree)
    .filter(([file, dir]) => file.endsWith('.handler.ts') && !readdirSync(dir).includes(path.basename(file).replace(/\.ts$/, '.spec.ts')))
    .map(([file]) => relative(tree, file))
    .sort();

/** Imports that mean a use case lives in the file: storage, the bus, a queue. A dispatcher takes a handler instead. */
const USE_CASE_IMPORTS: [RegExp, string][] = [
  [/from '[^']*\/database\/[^']*'/, 'a repository or the database'],
  [/from '(@nestjs\/typeorm|typeorm)'/, 'TypeORM'],
  [/\bNatsBus\b/, 'the bus'],
  [/\bInjectQueue\b|import \{[^}]*\bQueue\b[^}]*\} from 'bullmq'/, 'a queue'],
];

/**
 * Every message controller (`*.message-controller.ts`) and worker (`jobs/*.worker.ts`) under services/<context>/src
 * that imports what a use case uses, with what it imports (relative to `tree`): they only translate and dispatch.
 */
const dispatchersWithLogic = (tree: string) =>
  contextSourceFiles(tree)
    .filter(([file, dir]) => file.endsWith('.message-controller.ts') || (file.endsWith('.worker.ts') && path.basename(dir) === 'jobs'))
    .map(([file]) => {
      const text = readFileSync(file, 'utf8');
      const uses = USE_CASE_IMPORTS.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
      return uses.length > 0 ? `${relative(tree, file)}: ${uses.join(', ')}` : null;
    })
    .filter((found): found is string => found !== null)
    .sort();

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

  // docs/architecture.md: a message controller or a worker takes the payload, calls one handler and answers; the use
  // case (storage, other contexts, queues) is the handler's, where its spec checks it.
  it('keeps message controllers and workers to translating and dispatching', () => {
    expect(dispatchersWithLogic(root)).toEqual([]);
  });

  it('fails a message controller that reads a repository and a worker that asks the bus', () => {
    expect(dispatchersWithLogic(path.join(root, 'scripts/fixtures/controller-with-logic'))).toEqual([
      'services/demo/src/jobs/demo.worker.ts: the bus',
      'services/demo/src/queries/demo-page/demo-page.message-controller.ts: a repository or the database',
    ]);
  });
});
