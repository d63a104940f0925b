import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 23, acceptance 3: `npm run new-context` makes a context that builds, migrates, answers its example calls
 * through the gateway and passes the architecture rules. The generator runs in a copy of the repository's tracked
 * files (HEAD), so the checkout is never touched; the copy shares the installed node_modules by symlink (no npm install).
 * Nothing resolves the workspaces through node_modules/@bleedkits (whose links point at the checkout): tsc and
 * dependency-cruiser read tsconfig.base.json's paths and Jest reads jest.preset.js's mapping, both relative to the
 * copy, and the generator adds the new context to both. Every step runs the copy's own tools with its own configs.
 */
const ROOT = path.resolve(__dirname, '../..');
const NAME = 'field-training';
const MIN = 60_000;

let copy: string;

/** Runs node with `args` in the copy; the answer's output is kept for the failure message. */
const node = (args: string[], env: Record<string, string> = {}, timeout = 10 * MIN): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8', timeout, env: { ...process.env, ...env } });
const generator = (...args: string[]) => node(['scripts/new-context/index.mjs', ...args], {}, 3 * MIN);
const output = (run: SpawnSyncReturns<string>) => `${run.stdout}${run.stderr}`;
const read = (file: string) => readFileSync(path.join(copy, file), 'utf8');

/** The copy's Jest on some files, as its JSON report (each file's status and each test's). */
function jest(project: 'unit' | 'integration', files: string[]) {
  const report = path.join(copy, `.jest-${project}.json`);
  const run = node(
    ['node_modules/jest/bin/jest.js', '--selectProjects', project, '--runInBand', '--json', '--outputFile', report, '--runTestsByPath', ...files],
    { NODE_OPTIONS: '--max-old-space-size=4096' },
    15 * MIN,
  );
  if (!existsSync(report)) throw new Error(`jest wrote no report:\n${output(run)}`);
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; status: string; message: string; assertionResults: { status: string; fullName: string }[] }[];
  };
  return json.testResults.map((r) => ({
    file: path.relative(copy, r.name).split(path.sep).join('/'),
    status: r.status,
    passed: r.assertionResults.filter((a) => a.status === 'passed').length,
    // A test its own spec skips here (`docker compose config` without the compose plugin) is not a failure.
    failed: r.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName),
    message: r.message.slice(0, 4000),
  }));
}

describe('npm run new-context', () => {
  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'bk-new-context-'));
    // The committed tree (HEAD), not the working tree: other changes under way in the checkout are not this test's.
    const archive = path.join(copy, '.head.tar');
    expect(spawnSync('git', ['archive', '--format=tar', '--output', archive, 'HEAD'], { cwd: ROOT }).status).toBe(0);
    expect(spawnSync('tar', ['-xf', archive, '-C', copy]).status).toBe(0);
    rmSync(archive);
    // The generator itself, whether or not it is committed yet.
    cpSync(__dirname, path.join(copy, 'scripts/new-context'), { recursive: true });
    for (const dir of ['node_modules', 'platform/node_modules', 'web/node_modules'])
      if (existsSync(path.join(ROOT, dir))) symlinkSync(path.join(ROOT, dir), path.join(copy, dir), 'dir');
  }, 5 * MIN);

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('refuses a bad name, a reserved word and an existing context with exit 2, writing nothing', () => {
    const subjects = read('contracts/src/subjects.ts');
    const refusals: [string, RegExp][] = [
      ['Field_Training', /is not a context name/],
      ['gateway', /is reserved/],
      ['kits', /exists already/],
    ];
    for (const [name, message] of refusals) {
      const run = generator(name);
      expect({ name, status: run.status, stderr: run.stderr }).toEqual({ name, status: 2, stderr: expect.stringMatching(message) });
    }
    expect(generator().stderr).toMatch(/Give the new context a name/);
    expect(read('contracts/src/subjects.ts')).toBe(subjects);
    expect(existsSync(path.join(copy, 'services/gateway'))).toBe(false);
  });

  it(
    'creates the context on the template, lists it everywhere, and refuses to run twice',
    () => {
      const run = generator(NAME);
      expect({ status: run.status, output: output(run) }).toEqual({ status: 0, output: expect.stringContaining(`Created the ${NAME} context`) });
      for (const file of [
        `services/${NAME}/package.json`,
        `services/${NAME}/src/main.ts`,
        `services/${NAME}/src/${NAME}.module.ts`,
        `services/${NAME}/src/config/env.ts`,
        `services/${NAME}/src/commands/add-note/add-note.handler.spec.ts`,
        `services/${NAME}/src/queries/list-notes/list-notes.handler.ts`,
        `services/${NAME}/src/database/migrations/index.ts`,
        `contracts/src/wire/${NAME}.wire.ts`,
        `gateway/src/routes/${NAME}/${NAME}.controller.ts`,
        `gateway/src/routes/${NAME}/${NAME}.e2e-spec.ts`,
      ])
        expect(existsSync(path.join(copy, file))).toBe(true);
      expect(read('contracts/src/subjects.ts')).toMatch(new RegExp(`SERVICE_CONTEXTS = \\[[^\\]]*'${NAME}',?\\s*\\] as const`));
      expect(read('scripts/lib/stack.mjs')).toContain(`'${NAME}'];`);
      expect(read('gateway/src/openapi/answer-schemas.generated.ts')).toContain('FieldTrainingController_addNote');
      expect(read('deploy/Dockerfile')).toContain(`FROM runtime AS ${NAME}\n`);
      expect(read(`k8s/base/services/${NAME}.yaml`)).toContain(`image: bleedkits/${NAME}\n`);
      expect(read('gateway/src/typed-wire.e2e-spec.ts')).toContain(`['${NAME}', FieldTrainingWire]`);

      const again = generator(NAME);
      expect({ status: again.status, stderr: again.stderr }).toEqual({ status: 2, stderr: expect.stringMatching(/exists already/) });
    },
    5 * MIN,
  );

  it(
    'compiles: the new service, and the gateway with its test harness, contracts and platform',
    () => {
      for (const project of [`services/${NAME}/tsconfig.json`, 'gateway/tsconfig.json']) {
        const run = node(['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'], {}, 10 * MIN);
        expect({ project, status: run.status, output: output(run) }).toEqual({ project, status: 0, output: '' });
      }
    },
    20 * MIN,
  );

  it(
    'is ESLint clean: what it wrote and the files it edited',
    () => {
      const files = [
        `services/${NAME}/src`,
        `gateway/src/routes/${NAME}`,
        `contracts/src/${NAME}`,
        `contracts/src/dto/${NAME}.dto.ts`,
        `contracts/src/wire/${NAME}.wire.ts`,
        'contracts/src/subjects.ts',
        'contracts/src/wire/index.ts',
        'contracts/src/wire/wire.spec.ts',
        'gateway/src/gateway.module.ts',
        'gateway/src/typed-wire.e2e-spec.ts',
        'gateway/test/stack-harness.ts',
      ];
      const run = node(
        ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...files],
        { NODE_OPTIONS: '--max-old-space-size=8192' },
        10 * MIN,
      );
      expect({ status: run.status, output: output(run) }).toEqual({ status: 0, output: '' });
    },
    10 * MIN,
  );

  it(
    "passes its handler specs, the wire's completeness, the answer schemas, the architecture rules and the deployment's checks",
    () => {
      const files = [
        `services/${NAME}/src/commands/add-note/add-note.handler.spec.ts`,
        `services/${NAME}/src/queries/list-notes/list-notes.handler.spec.ts`,
        'contracts/src/wire/wire.spec.ts',
        'gateway/src/openapi/answer-schemas.spec.ts',
        'scripts/architecture.spec.ts',
        'scripts/typed-wire.architecture.spec.ts',
        // Every folder under services/ is an app these expect in the Dockerfile, compose, k8s and the variables' check.
        'deploy/test/dockerfile.spec.ts',
        'deploy/test/compose.spec.ts',
        'deploy/test/kubernetes.spec.ts',
        'deploy/test/configuration.spec.ts',
      ];
      const results = jest('unit', files);
      expect(results.map((r) => r.file).sort()).toEqual([...files].sort());
      for (const r of results)
        // Jest reports a file with a skipped test as "focused", not "passed": what counts is no failure and some passes.
        expect({ file: r.file, failed: r.failed, message: r.message, ran: r.passed > 0 }).toEqual({
          file: r.file,
          failed: [],
          message: '',
          ran: true,
        });
      expect(results.find((r) => r.file.endsWith('add-note.handler.spec.ts'))?.passed).toBe(2);
    },
    20 * MIN,
  );

  it(
    'boots with the gateway on a fresh database, migrates its schema and answers its calls over HTTP (its generated e2e)',
    () => {
      const file = `gateway/src/routes/${NAME}/${NAME}.e2e-spec.ts`;
      const [result] = jest('integration', [file]);
      expect({ file: result.file, status: result.status, failed: result.failed, message: result.message }).toEqual({
        file,
        status: 'passed',
        failed: [],
        message: '',
      });
      expect(result.passed).toBe(3);
    },
    20 * MIN,
  );
});
