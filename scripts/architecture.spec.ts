import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
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

/** Every file under `dir` (node_modules and dist aside), as [absolute path, folder]. */
const filesUnder = (dir: string): [string, string][] => {
  const files: [string, string][] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else files.push([file, at]);
    }
  };
  walk(dir);
  return files;
};

/** Every file under services/<context>/src of `tree`, as [absolute path, folder]. */
const contextSourceFiles = (tree: string): [string, string][] =>
  readdirSync(path.join(tree, 'services'), { withFileTypes: true })
    .filter((context) => context.isDirectory() && existsSync(path.join(tree, 'services', context.name, 'src')))
    .flatMap((context) => filesUnder(path.join(tree, 'services', context.name, 'src')));

const relative = (tree: string, file: string) => path.relative(tree, file).split(path.sep).join('/');

/** Every TypeScript file of the server in `tree` (relative): the contexts', the gateway's and the platform's, with their tests. */
const serverFiles = (tree: string): string[] =>
  [
    ...readdirSync(path.join(tree, 'services'), { withFileTypes: true })
      .filter((context) => context.isDirectory())
      .flatMap((context) => ['src', 'test'].map((dir) => `services/${context.name}/${dir}`)),
    'gateway/src',
    'gateway/test',
    'platform/src',
  ]
    .filter((dir) => existsSync(path.join(tree, dir)))
    .flatMap((dir) => filesUnder(path.join(tree, dir)))
    .map(([file]) => relative(tree, file))
    .filter((file) => file.endsWith('.ts'));

/** The server's production sources of `tree` (relative): tests and test helpers aside. */
const serverProductionFiles = (tree: string): string[] =>
  serverFiles(tree).filter((file) => !/\.(spec|integration-spec|e2e-spec)\.ts$/.test(file) && !/(^|\/)(testing|test)\//.test(file));

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

/** The one postcodes.io client (platform/src/providers/postcodes): the only production file that speaks its protocol. */
const POSTCODES_CLIENT_HOME = 'platform/src/providers/postcodes/';
/** A path of postcodes.io's protocol in a string or after a base URL: what a second client would have to write. */
const POSTCODES_IO_PATH = /[`'"}]\/(postcodes|outcodes)\b|\/places\?q=/;

/** Production files outside the client's home that build a postcodes.io request themselves (relative to `tree`). */
const postcodesClientsElsewhere = (tree: string) =>
  serverProductionFiles(tree)
    .filter((file) => !file.startsWith(POSTCODES_CLIENT_HOME) && POSTCODES_IO_PATH.test(readFileSync(path.join(tree, file), 'utf8')))
    .sort();

/** The one Clock and its one test double (platform): no other file of the server, test or not, declares a clock. */
const CLOCK_HOMES = ['platform/src/clock/clock.ts', 'platform/src/testing/doubles.ts'];
const CLOCK_DECLARATION = /\bclass \w*Clock\b|\btype \w*Clock\s*=|\b\w*CLOCK\w*\s*=\s*Symbol\(/;

/** Files of the server outside the clock's homes that declare a clock of their own (relative to `tree`). */
const clocksElsewhere = (tree: string) =>
  serverFiles(tree)
    .filter((file) => !CLOCK_HOMES.includes(file) && CLOCK_DECLARATION.test(readFileSync(path.join(tree, file), 'utf8')))
    .sort();

/** The one home of a standalone pg client (connectPgClient): it listens for the 'error' an idle client gets. */
const PG_CLIENT_HOME = 'platform/src/database/pg-client.ts';
const NEW_PG_CLIENT = /\bnew (pg\.)?Client\(/;

/** Production files that open a pg Client themselves, outside connectPgClient (relative to `tree`). */
const pgClientsElsewhere = (tree: string) =>
  serverProductionFiles(tree)
    .filter((file) => file !== PG_CLIENT_HOME && NEW_PG_CLIENT.test(readFileSync(path.join(tree, file), 'utf8')))
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

  // docs/architecture.md: one postcodes.io client (platform), bound by each context to its own port.
  it('speaks postcodes.io only in its one client', () => {
    expect(postcodesClientsElsewhere(root)).toEqual([]);
  });

  it('fails a context with a postcodes.io client of its own', () => {
    expect(postcodesClientsElsewhere(path.join(root, 'scripts/fixtures/second-postcodes-client'))).toEqual([
      'services/demo/src/providers/geocoding/postcodes.geocoder.ts',
    ]);
  });

  // docs/architecture.md: one Clock (platform), injected by its class; tests move platform's one test clock.
  it('declares a clock only in platform', () => {
    expect(clocksElsewhere(root)).toEqual([]);
  });

  it('fails a context with a clock and a test clock of its own', () => {
    expect(clocksElsewhere(path.join(root, 'scripts/fixtures/second-clock'))).toEqual([
      'services/demo/src/domain/clock.ts',
      'services/demo/test/demo-harness.ts',
    ]);
  });

  // docs/decisions.md "Faults on several hosts": an idle pg Client whose server restarts emits 'error'; with no
  // listener that ended the backups process. connectPgClient listens; nothing else opens a Client.
  it('opens a standalone pg client only through connectPgClient', () => {
    expect(pgClientsElsewhere(root)).toEqual([]);
  });

  it('fails a context that opens a pg Client of its own', () => {
    expect(pgClientsElsewhere(path.join(root, 'scripts/fixtures/pg-client-of-its-own'))).toEqual(['services/demo/src/database/advisory-lock.ts']);
  });
});
