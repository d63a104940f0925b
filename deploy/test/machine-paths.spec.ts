import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo';

/** A development machine's own folders; the repository finds its data from its root (platform testing's sharedDataPath). */
const MACHINE_PATH = /(?:^|[\s'"`(=:])\/(?:work|home|Users)\/[\w.-]+/;
/** Recorded outputs: a benchmark's result keeps the error text of that run as it was. */
const RECORDED = /^bench\/results\//;

/** ISSUE 25: tests, benchmarks and docs find shared data relative to the repository root, wherever it is cloned. */
describe('no absolute path of a development machine', () => {
  it('appears in any tracked source, script, configuration or document', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(ts|tsx|js|mjs|cjs|json|ya?ml|md|sh)$|(^|\/)(Dockerfile|run)$/.test(f) && !RECORDED.test(f));
    const offending = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (MACHINE_PATH.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(offending).toEqual([]);
  });
});
