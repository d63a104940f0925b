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
const dispatchersWithLogic = (tree: string) => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (entry.name.endsWith('.message-controller.ts') || (entry.name.endsWith('.worker.ts') && path.basename(dir) === 'jobs')) {
        const text = readFileSync(file, 'utf8');
        const uses = USE_CASE_IMPORTS.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
        if (uses.length > 0) found.push(`${path.relative(tree, file).split(path.sep).join('/')}: ${uses.join(', ')}`);
      }
    }
  };
  for (const context of readdirSync(path.join(tree, 'services'), { withFileTypes: true })) {
    const src = path.join(tree, 'services', context.name, 'src');
    if (context.isDirectory() && readdirSync(path.join(tree, 'services', context.name)).includes('src')) walk(src);
  }
  return found.sort();
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
