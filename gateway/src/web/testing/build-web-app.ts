import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * Builds the real web app (web/vite.config.mts, precompression included) into a temporary folder, so a test
 * serves exactly what a release serves without touching the shared web/dist. About five seconds.
 */
export async function buildWebApp(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bk-web-'));
  await promisify(execFile)(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'web'),
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
