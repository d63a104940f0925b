import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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
  [/\bInject(Typed)?Queue\b|\bTypedQueue\b|import \{[^}]*\bQueue\b[^}]*\} from 'bullmq'/, 'a queue'],
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

/**
 * Files of a context that write a Nest controller by hand (relative to `tree`): a context answers its subjects from
 * its handlers' `@Handles` methods, whose listeners `withWireListeners` makes (platform/src/nats/wire-listeners.ts).
 */
const handWrittenControllers = (tree: string) =>
  contextSourceFiles(tree)
    .filter(
      ([file]) =>
        file.endsWith('.message-controller.ts') ||
        (!/\.(spec|integration-spec|e2e-spec)\.ts$/.test(file) && /@Controller\(|@MessagePattern\(/.test(readFileSync(file, 'utf8'))),
    )
    .map(([file]) => relative(tree, file))
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

/** Every TypeScript file under `dir` of `tree` (relative), tests included; none when the folder is absent. */
const tsFilesOf = (tree: string, dir: string): string[] =>
  existsSync(path.join(tree, dir))
    ? filesUnder(path.join(tree, dir))
        .map(([file]) => relative(tree, file))
        .filter((file) => file.endsWith('.ts'))
    : [];

const parsed = (tree: string, file: string) => ts.createSourceFile(file, readFileSync(path.join(tree, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** Every node of a source file, depth first. */
const nodesOf = (source: ts.SourceFile): ts.Node[] => {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return nodes;
};

/** `Name.key` of a property access on an identifier (`KitsSubjects.changed`), else null. */
const dottedName = (node: ts.Node): string | null =>
  ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) ? `${node.expression.text}.${node.name.text}` : null;

/** The string values of the `as const` maps declared in `files` (`KitsSubjects.changed` -> 'kits.evt.changed.v1'). */
const constantStrings = (tree: string, files: string[]): Map<string, string> => {
  const values = new Map<string, string>();
  for (const file of files) {
    for (const node of nodesOf(parsed(tree, file))) {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) continue;
      let init: ts.Expression = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (!ts.isObjectLiteralExpression(init)) continue;
      for (const property of init.properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && ts.isStringLiteralLike(property.initializer)) {
          values.set(`${node.name.text}.${property.name.text}`, property.initializer.text);
        }
      }
    }
  }
  return values;
};

/** The subject grammar of an event (contracts/src/subjects.ts): `<context>.evt.<name>.v<n>`. */
const EVENT_SUBJECT = /^[a-z0-9-]+\.evt\.[a-z0-9-]+\.v\d+$/;
/** The calls that publish or hear an event by its declaration (platform/src/nats/nats-bus.ts). */
const TYPED_EVENT_CALLS = new Set(['publishEvent', 'subscribeEvent', 'publishEventOn']);

/**
 * Events without a typed declaration (relative to `tree`): an event subject of contracts with no `event(subject, check)`
 * in contracts; and, in the server's production code, an event subject passed to a call that is not a typed one
 * (NatsBus.publishEvent / subscribeEvent, publishEventOn) or that no declaration names.
 */
const untypedEvents = (tree: string): string[] => {
  const contractFiles = tsFilesOf(tree, 'contracts/src').filter((file) => !/\.spec\.ts$/.test(file));
  const constants = constantStrings(tree, contractFiles);
  const subjectOf = (node: ts.Node): string | null => {
    const value = ts.isStringLiteralLike(node) ? node.text : constants.get(dottedName(node) ?? '');
    return value !== undefined && EVENT_SUBJECT.test(value) ? value : null;
  };
  const declared = new Set<string>();
  for (const file of contractFiles) {
    for (const node of nodesOf(parsed(tree, file))) {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'event' && node.arguments[0]) {
        const subject = subjectOf(node.arguments[0]);
        if (subject) declared.add(subject);
      }
    }
  }
  const found = new Set<string>();
  for (const file of contractFiles) {
    for (const [name, value] of constantStrings(tree, [file])) {
      if (EVENT_SUBJECT.test(value) && !declared.has(value)) found.add(`${file}: ${name} (${value}) has no typed declaration`);
    }
  }
  for (const file of serverProductionFiles(tree)) {
    for (const node of nodesOf(parsed(tree, file))) {
      if (!ts.isCallExpression(node)) continue;
      const callee = ts.isPropertyAccessExpression(node.expression)
        ? node.expression.name.text
        : ts.isIdentifier(node.expression)
          ? node.expression.text
          : '?';
      for (const argument of node.arguments) {
        const subject = subjectOf(argument);
        if (!subject) continue;
        if (!declared.has(subject)) found.add(`${file}: ${subject} has no typed declaration`);
        if (!TYPED_EVENT_CALLS.has(callee)) found.add(`${file}: ${subject} is published or heard raw (${callee})`);
      }
    }
  }
  return [...found].sort();
};

/** BullMQ's own classes and decorators reach production code only through platform/src/queues (its typed queue). */
const QUEUE_HOME = 'platform/src/queues/';
/** What a context may take from BullMQ directly: the worker's decorators and errors, and options that carry no payload. */
const BULLMQ_ALLOWED = new Set(['Processor', 'OnWorkerEvent', 'UnrecoverableError', 'DelayedError', 'JobsOptions']);

/** The queue named by `QueueNames.x` in a decorator's first argument or a `typeof QueueNames.x` type argument. */
const queueKeyOf = (node: ts.Node | undefined): string | null => {
  if (!node) return null;
  const target = ts.isTypeQueryNode(node) ? node.exprName : node;
  const text = ts.isQualifiedName(target) ? `${target.left.getText()}.${target.right.text}` : dottedName(target);
  return text?.startsWith('QueueNames.') ? text.slice('QueueNames.'.length) : null;
};
const decoratorCall = (node: ts.Node, name: string): ts.CallExpression | undefined =>
  (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [])
    .map((d) => d.expression)
    .find((e): e is ts.CallExpression => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === name);

/**
 * Queues without a typed declaration or used around it (relative to `tree`): a QueueNames entry with no
 * QueueJobPayloads entry; BullMQ's Queue, Worker, Job or InjectQueue taken directly outside platform/src/queues; a
 * worker (`@Processor(QueueNames.x)`) not typed `QueueWorker<typeof QueueNames.x>`; a queue injected by
 * `@InjectTypedQueue(QueueNames.x)` and typed for another queue.
 */
const untypedQueues = (tree: string): string[] => {
  const found: string[] = [];
  const queueFiles = tsFilesOf(tree, 'contracts/src/queues');
  const names = constantStrings(tree, queueFiles);
  const entries = new Set<string>();
  for (const file of queueFiles) {
    for (const node of nodesOf(parsed(tree, file))) {
      if (!ts.isTypeAliasDeclaration(node) || node.name.text !== 'QueueJobPayloads' || !ts.isTypeLiteralNode(node.type)) continue;
      for (const member of node.type.members) {
        const key = member.name && ts.isComputedPropertyName(member.name) ? queueKeyOf(member.name.expression) : null;
        if (key) entries.add(key);
      }
    }
  }
  for (const [name, value] of names) {
    const key = name.startsWith('QueueNames.') ? name.slice('QueueNames.'.length) : null;
    if (key && !entries.has(key)) found.push(`contracts/src/queues: ${name} (${value}) has no QueueJobPayloads entry`);
  }
  for (const file of serverProductionFiles(tree).filter((f) => !f.startsWith(QUEUE_HOME))) {
    for (const node of nodesOf(parsed(tree, file))) {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(bullmq|@nestjs\/bullmq)$/.test(node.moduleSpecifier.text)) {
        const bindings = node.importClause?.namedBindings;
        const taken = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : ['*'];
        for (const name of taken.filter((n) => !BULLMQ_ALLOWED.has(n))) {
          found.push(`${file}: takes ${name} from ${node.moduleSpecifier.text}, not platform's typed queue`);
        }
      }
      const processor = decoratorCall(node, 'Processor');
      if (processor && ts.isClassDeclaration(node)) {
        const worker = node.heritageClauses?.flatMap((h) => h.types).find((t) => t.expression.getText() === 'QueueWorker');
        const worksOn = queueKeyOf(worker?.typeArguments?.[0]);
        const named = queueKeyOf(processor.arguments[0]);
        if (named === null || worksOn !== named) {
          found.push(
            `${file}: @Processor(${processor.arguments[0]?.getText()}) and its QueueWorker<...> name different queues (or none of QueueNames)`,
          );
        }
      }
      const injected = decoratorCall(node, 'InjectTypedQueue');
      if (injected && ts.isParameter(node)) {
        const typed =
          node.type && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'TypedQueue'
            ? queueKeyOf(node.type.typeArguments?.[0])
            : null;
        const named = queueKeyOf(injected.arguments[0]);
        if (named === null || typed !== named) {
          found.push(
            `${file}: @InjectTypedQueue(${injected.arguments[0]?.getText()}) and its TypedQueue<...> name different queues (or none of QueueNames)`,
          );
        }
      }
    }
  }
  return found.sort();
};

/** A relative import of `from` resolved to a file of the tree (a `.ts` file or a folder's index.ts), else null. */
const resolvedImport = (tree: string, from: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  return [`${base}.ts`, `${base}/index.ts`].find((file) => existsSync(path.join(tree, file))) ?? null;
};

/**
 * Import cycles among the files under `dir` of `tree`, type-only imports and re-exports included (a cycle of types
 * still ties two modules into one): each as the files of one cycle, `a.ts -> b.ts -> a.ts`.
 */
const importCycles = (tree: string, dir: string): string[] => {
  const files = tsFilesOf(tree, dir);
  const imports = new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(path.join(tree, file), 'utf8'), true, true)
        .importedFiles.flatMap((i) => resolvedImport(tree, file, i.fileName) ?? []),
    ]),
  );
  // Tarjan's strongly connected components: each component of more than one file (or a file importing itself) holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of imports.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || imports.get(file)!.includes(file)) components.push(component);
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  // One concrete cycle per component, from its first file by name: the shortest way back through the component.
  return components
    .map((component) => {
      const start = [...component].sort()[0];
      const paths = new Map<string, string[]>([[start, [start]]]);
      const queue = [start];
      while (queue.length > 0) {
        const at = queue.shift()!;
        for (const next of (imports.get(at) ?? []).filter((f) => component.includes(f))) {
          if (next === start) return [...paths.get(at)!, start].join(' -> ');
          if (!paths.has(next)) {
            paths.set(next, [...paths.get(at)!, next]);
            queue.push(next);
          }
        }
      }
      return component.join(' -> ');
    })
    .sort();
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

  // docs/architecture.md: a use case is its handler; the method that answers a subject carries @Handles itself.
  it('answers subjects from handlers, with no controller written by hand in a context', () => {
    expect(handWrittenControllers(root)).toEqual([]);
  });

  it('fails a context with a hand-written message controller', () => {
    expect(handWrittenControllers(path.join(root, 'scripts/fixtures/controller-with-logic'))).toEqual([
      'services/demo/src/queries/demo-page/demo-page.message-controller.ts',
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

  // Issue 23, CONVENTIONS "Contracts are the wire": each event is declared once (contracts/src/<context>/events.ts),
  // and NatsBus.publishEvent / subscribeEvent take its payload's type from that declaration.
  it('publishes and hears every event through its typed declaration', () => {
    expect(untypedEvents(root)).toEqual([]);
  });

  it('fails an event subject without a declaration, and an event published or heard raw', () => {
    expect(untypedEvents(path.join(root, 'scripts/fixtures/untyped-event'))).toEqual([
      'contracts/src/subjects.ts: DemoSubjects.moved (demo.evt.moved.v1) has no typed declaration',
      'services/demo/src/events/demo-moved.publisher.ts: demo.evt.moved.v1 has no typed declaration',
      'services/demo/src/events/demo-moved.publisher.ts: demo.evt.moved.v1 is published or heard raw (emit)',
      'services/demo/src/transport/announcer.ts: demo.evt.changed.v1 is published or heard raw (publish)',
    ]);
  });

  // Issue 23, ARCHITECTURE "Queues and schedules": queue names and job payloads in contracts (QueueJobPayloads); a
  // producer's add and a worker's job take their types from there, through platform's typed queue.
  it('declares every queue with its jobs, and produces and works on queues only through the typed queue', () => {
    expect(untypedQueues(root)).toEqual([]);
  });

  it('fails a queue without job payloads, a raw BullMQ queue or worker, and a worker or producer typed for another queue', () => {
    expect(untypedQueues(path.join(root, 'scripts/fixtures/untyped-queue'))).toEqual([
      'contracts/src/queues: QueueNames.demoSweep (demo.sweep) has no QueueJobPayloads entry',
      "services/demo/src/commands/start-demo/start-demo.handler.ts: takes InjectQueue from @nestjs/bullmq, not platform's typed queue",
      "services/demo/src/commands/start-demo/start-demo.handler.ts: takes Queue from bullmq, not platform's typed queue",
      "services/demo/src/jobs/demo-sweep.worker.ts: @Processor('demo.sweep') and its QueueWorker<...> name different queues (or none of QueueNames)",
      'services/demo/src/jobs/demo.worker.ts: @Processor(QueueNames.demoRun) and its QueueWorker<...> name different queues (or none of QueueNames)',
      "services/demo/src/providers/redis-jobs.ts: takes Worker from bullmq, not platform's typed queue",
      'services/demo/src/schedules/demo-schedule.ts: @InjectTypedQueue(QueueNames.demoSweep) and its TypedQueue<...> name different queues (or none of QueueNames)',
    ]);
  });

  // Issue 23: contracts import in one direction (the verification circle went); a cycle ties modules into one.
  it('has no import cycle in contracts', () => {
    expect(importCycles(root, 'contracts/src')).toEqual([]);
  });

  it('fails an import cycle in contracts and names its files', () => {
    expect(importCycles(path.join(root, 'scripts/fixtures/contracts-import-cycle'), 'contracts/src')).toEqual([
      'contracts/src/demo/demo-kit.ts -> contracts/src/demo/demo-verification.ts -> contracts/src/demo/demo-kit.ts',
    ]);
  });
});
