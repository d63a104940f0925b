// Compiles the workspaces a benchmark runs into a private folder inside each package (ignored by git), with the build's
// own swc settings, and writes a require hook that maps the workspace names to them: the shared dist/ folders are
// left alone (other people's work builds there), and nothing is compiled while the clock runs. With `ref` (e.g. HEAD)
// the sources are that commit's (git archive into .bench-tmp/), not the working tree's: a benchmark then measures
// committed code while other people's half-made edits sit in the same checkout.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';

/**
 * `name` is the private folder's name (.bench-tmp/<name>); `packages` the workspace folders to compile; `ref` a commit
 * to compile instead of the working tree. `commit` in the answer is the commit compiled (null: the working tree).
 */
export function privateBuild(name, packages, { log = () => {}, ref } = {}) {
  const started = Date.now();
  const dir = `.bench-tmp/${name}`;
  let sourceRoot = ROOT;
  let commit = null;
  if (ref) {
    commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
    sourceRoot = path.join(ROOT, '.bench-tmp', `${name}-src`);
    rmSync(sourceRoot, { recursive: true, force: true });
    mkdirSync(sourceRoot, { recursive: true });
    const archive = spawnSync('git', ['archive', '--format=tar', commit, ...packages.map((p) => `${p}/src`)], { cwd: ROOT, maxBuffer: 1024 ** 3 });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', sourceRoot], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`extracting ${commit} failed: ${untar.stderr}`);
  }
  for (const pkg of packages) {
    const out = path.join(ROOT, pkg, dir);
    rmSync(out, { recursive: true, force: true });
    // As the package's own build script runs it: from the package, `swc src -d <out> --strip-leading-paths`.
    const r = spawnSync(
      path.join(ROOT, 'node_modules', '.bin', 'swc'),
      ['src', '-d', out, '--strip-leading-paths', '--config-file', path.join(ROOT, '.swcrc'), '--quiet'],
      {
        cwd: path.join(sourceRoot, pkg),
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(`compiling ${pkg} failed:\n${r.stdout}${r.stderr}`);
  }
  const built = (pkg, ...rest) => path.join(ROOT, pkg, dir, ...rest);
  const targets = {
    '@bleedkits/contracts': built('contracts', 'index.js'),
    '@bleedkits/contracts/dto': built('contracts', 'dto', 'index.js'),
    '@bleedkits/contracts/wire': built('contracts', 'wire', 'index.js'),
    '@bleedkits/platform': built('platform', 'index.js'),
    '@bleedkits/platform/tracing': built('platform', 'tracing', 'tracing.js'),
  };
  for (const pkg of packages.filter((p) => p.startsWith('services/')))
    targets[`@bleedkits/${pkg.slice('services/'.length)}`] = built(pkg, 'index.js');
  const hook = path.join(ROOT, '.bench-tmp', `${name}-resolve.cjs`);
  mkdirSync(path.dirname(hook), { recursive: true });
  writeFileSync(
    hook,
    `// Written by bench/lib/private-build.mjs: the workspace names resolve to the benchmark's private build.\n` +
      `const Module = require('node:module');\nconst targets = ${JSON.stringify(targets, null, 2)};\n` +
      `const resolve = Module._resolveFilename;\nModule._resolveFilename = function (request, ...rest) {\n` +
      `  return resolve.call(this, targets[request] ?? request, ...rest);\n};\n`,
  );
  log(
    `compiled ${packages.join(', ')}${commit ? ` at ${commit.slice(0, 12)}` : ' (working tree)'} into <package>/${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  /** The entry file of a workspace in the private build (e.g. main('services/geo-search')). */
  const main = (pkg) => built(pkg, 'main.js');
  return { hook, main, built, commit };
}
