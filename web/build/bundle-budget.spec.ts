import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { budgetProblems, classicScripts, initialFiles, initialSources, measureInitialLoad, readManifest, type BundleBudget } from './bundle-budget';

const run = promisify(execFile);
const WEB = path.resolve(__dirname, '..');
const VITE = path.join(path.dirname(require.resolve('vite/package.json', { paths: [WEB] })), 'bin', 'vite.js');
const FIXTURE_CONFIG = path.join(__dirname, 'fixtures', 'eager-page', 'vite.config.mjs');
const FIXTURE_ENTRY = 'build/fixtures/eager-page/index.html';
const BUILD_TIMEOUT_MS = 5 * 60_000;
/** Pages and parts a first visit to / does not show: none of their sources may be in its first download. */
const NOT_ON_HOME =
  /(features\/(admin|admin-audit|admin-import|admin-status|admin-verification|dashboard|account|backups|email-templates|kit-dialogs|pages|register-kit|statistics)\/|app\/routes\/|components\/kit-form\/)/;

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
  let outDir: string;

  beforeAll(async () => {
    budget = JSON.parse(await readFile(path.join(WEB, 'bundle-budget.json'), 'utf8')) as BundleBudget;
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bleedkits-bundle-budget-'));
    outDir = path.join(tmp, 'app');
    await build(outDir);
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it(
    'the home page loads no more JS and CSS than the budget allows, and no admin, dashboard or signed-in page',
    async () => {
      const manifest = await readManifest(outDir);
      const load = await measureInitialLoad(outDir, budget.entry);

      expect(budgetProblems(load, budget)).toEqual([]);
      const initialKeys = Object.entries(manifest)
        .filter(([, chunk]) => initialFiles(manifest, budget.entry).js.includes(chunk.file))
        .map(([key]) => key);
      const sources = [...initialKeys, ...(await initialSources(outDir, budget.entry))];
      expect(sources.filter((source) => /web\/src\/features\/(finder|home)\//.test(source)).length).toBeGreaterThan(0);
      expect(sources.filter((source) => NOT_ON_HOME.test(source))).toEqual([]);
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
      // The source check above would see it too.
      expect((await initialSources(outDir, FIXTURE_ENTRY)).filter((source) => NOT_ON_HOME.test(source))).toContainEqual(
        expect.stringMatching(/features\/admin\//),
      );
    },
    BUILD_TIMEOUT_MS,
  );

  it('paints the home page before its scripts: index.html holds the header and hero, shown on / only (build/home-shell.ts)', async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain('<div id="root"><div id="home-shell">');
    expect(html).toMatch(/<h1 [^>]*id="hero-title"[^>]*>Find and register emergency bleed control kits<\/h1>/);
    // Hidden unless the script, a file of the build loaded before the app's, finds itself on /.
    expect(html).toContain('<style>#home-shell{display:none}.home-shell-shown #home-shell{display:block}</style>');
    const script = /<script src="\/(assets\/home-shell-[\w-]+\.js)"><\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(html.indexOf(script as string)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(await readFile(path.join(outDir, script as string), 'utf8')).toContain(`location.pathname === '/'`);
  });
});

describe('classicScripts', () => {
  it('names the plain scripts a page loads by address, not its module scripts', () => {
    const html = '<head><script src="/assets/shell.js"></script><script type="module" crossorigin src="/assets/index.js"></script></head>';
    expect(classicScripts(html)).toEqual(['assets/shell.js']);
  });
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
