import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);

/** One entry of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** web/bundle-budget.json: what a route may make a first visit download, in brotli-compressed bytes. */
export interface BundleBudget {
  route: string;
  /** The manifest key of the route's HTML entry. */
  entry: string;
  maxInitialJsBrotliBytes: number;
  maxInitialCssBrotliBytes: number;
}

export interface InitialLoad {
  js: { file: string; brotliBytes: number }[];
  css: { file: string; brotliBytes: number }[];
  jsBrotliBytes: number;
  cssBrotliBytes: number;
}

/**
 * The files a first visit loads before the page works: the entry chunk and every chunk it imports statically,
 * transitively, with their styles. Dynamic imports (pages loaded on first visit) are left out: that is the point.
 */
export function initialFiles(manifest: Manifest, entry: string): { js: string[]; css: string[] } {
  if (!manifest[entry]) throw new Error(`the build manifest has no entry ${entry}`);
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest names ${key} as an import but has no entry for it`);
    if (/\.m?js$/.test(chunk.file)) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return { js, css: [...css] };
}

async function brotliBytes(file: string): Promise<number> {
  const source = await readFile(file);
  // The quality the build's precompress step serves (build/precompress.ts), so the figure is what travels.
  const compressed = await brotli(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  return compressed.length;
}

export async function readManifest(distDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The plain (not module) scripts an HTML page loads by address, e.g. the home page shell's (build/home-shell.ts). */
export function classicScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map(([, attributes]) => attributes)
    .filter((attributes) => !/\btype="module"/.test(attributes))
    .flatMap((attributes) => /\bsrc="\/([^"]+)"/.exec(attributes)?.[1] ?? []);
}

/**
 * Brotli-compressed bytes of the JS and CSS a first visit to `entry` loads, from a build in distDir: the module graph
 * of the manifest, and any plain script the built page itself names.
 */
export async function measureInitialLoad(distDir: string, entry: string): Promise<InitialLoad> {
  const files = initialFiles(await readManifest(distDir), entry);
  const html = await readFile(path.join(distDir, entry), 'utf8');
  for (const script of classicScripts(html)) if (!files.js.includes(script)) files.js.push(script);
  const sized = (list: string[]) => Promise.all(list.map(async (file) => ({ file, brotliBytes: await brotliBytes(path.join(distDir, file)) })));
  const [js, css] = await Promise.all([sized(files.js), sized(files.css)]);
  const sum = (list: { brotliBytes: number }[]) => list.reduce((total, f) => total + f.brotliBytes, 0);
  return { js, css, jsBrotliBytes: sum(js), cssBrotliBytes: sum(css) };
}

/**
 * The source files bundled into the JS a first visit loads, from the chunks' source maps (the build writes them):
 * chunks grouped by name (react, mui, app) hold many sources each, which the manifest does not list.
 */
export async function initialSources(distDir: string, entry: string): Promise<string[]> {
  const { js } = initialFiles(await readManifest(distDir), entry);
  const sources = new Set<string>();
  for (const file of js) {
    let map: { sources?: string[] };
    try {
      map = JSON.parse(await readFile(path.join(distDir, `${file}.map`), 'utf8')) as { sources?: string[] };
    } catch {
      continue; // A chunk of imports only (the entry over grouped chunks) has no map.
    }
    for (const source of map.sources ?? []) sources.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), source)));
  }
  return [...sources];
}

/** What exceeds the budget, in words; empty when the load is within it. */
export function budgetProblems(load: InitialLoad, budget: BundleBudget): string[] {
  const problems: string[] = [];
  const largest = [...load.js]
    .sort((a, b) => b.brotliBytes - a.brotliBytes)
    .slice(0, 5)
    .map((f) => `${f.file} ${f.brotliBytes}`)
    .join(', ');
  if (load.jsBrotliBytes > budget.maxInitialJsBrotliBytes) {
    problems.push(
      `${budget.route} loads ${load.jsBrotliBytes} bytes of JS (brotli), over the budget of ${budget.maxInitialJsBrotliBytes}; largest: ${largest}`,
    );
  }
  if (load.cssBrotliBytes > budget.maxInitialCssBrotliBytes) {
    problems.push(`${budget.route} loads ${load.cssBrotliBytes} bytes of CSS (brotli), over the budget of ${budget.maxInitialCssBrotliBytes}`);
  }
  return problems;
}
