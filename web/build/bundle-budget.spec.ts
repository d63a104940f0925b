import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { budgetProblems, initialFiles, measureInitialLoad, readManifest, type BundleBudget } from './bundle-budget';

const run = promisify(execFile);
const WEB = path.resolve(__dirname, '..');
const VITE = path.join(path.dirname(require.resolve('vite/package.json', { paths: [WEB] })), 'bin', 'vite.js');
const FIXTURE_CONFIG = path.join(__dirname, 'fixtures', 'eager-page', 'vite.config.mjs');
const FIXTURE_ENTRY = 'build/fixtures/eager-page/index.html';
const BUILD_TIMEOUT_MS = 5 * 60_000;

/** A production build with Vite's own command into a folder of its own (web/dist may be serving a running stack). */
async function build(outDir: string, config?: string) {
  await run(process.execPath, [VITE, 'build', ...(config ? ['--config', config] : []), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: WEB,
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    timeout: BUILD_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
}

describe('bundle budget: what a first visit to / downloads (web/bundle-budget.json)', () => {
  let budget: BundleBudget;
  let tmp: string;

  beforeAll(async () => {
    budget = JSON.parse(await readFile(path.join(WEB, 'bundle-budget.json'), 'utf8')) as BundleBudget;
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bleedkits-bundle-budget-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it(
    'the home page loads no more JS and CSS than the budget allows, and no admin, dashboard or signed-in page',
    async () => {
      const outDir = path.join(tmp, 'app');
      await build(outDir);
      const manifest = await readManifest(outDir);
      const load = await measureInitialLoad(outDir, budget.entry);

      expect(budgetProblems(load, budget)).toEqual([]);
      const initialSources = Object.entries(manifest)
        .filter(([, chunk]) => initialFiles(manifest, budget.entry).js.includes(chunk.file))
        .map(([key]) => key);
      expect(initialSources.filter((key) => /features\/(admin|dashboard|account|backups|email-templates|pages|register-kit)/.test(key))).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'fails a build whose entry imports an admin page eagerly',
    async () => {
      const outDir = path.join(tmp, 'eager-page');
      await build(outDir, FIXTURE_CONFIG);
      const load = await measureInitialLoad(outDir, FIXTURE_ENTRY);

      const problems = budgetProblems(load, { ...budget, entry: FIXTURE_ENTRY });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^\/ loads \d+ bytes of JS \(brotli\), over the budget of \d+/);
    },
    BUILD_TIMEOUT_MS,
  );
});

describe('initialFiles', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js', '_mui.js'],
      dynamicImports: ['src/admin.tsx'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'], css: ['assets/mui.css'] },
    'src/admin.tsx': { file: 'assets/admin.js', imports: ['_mui.js', '_table.js'] },
    '_table.js': { file: 'assets/table.js' },
  };

  it('follows static imports transitively, once each, and leaves out pages loaded on first visit', () => {
    expect(initialFiles(manifest, 'index.html')).toEqual({
      js: ['assets/index.js', 'assets/react.js', 'assets/mui.js'],
      css: ['assets/index.css', 'assets/mui.css'],
    });
  });

  it('refuses an entry the manifest does not name', () => {
    expect(() => initialFiles(manifest, 'other.html')).toThrow('the build manifest has no entry other.html');
  });
});
