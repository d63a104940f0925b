import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the nearest folder above this file holding nx.json. Found from the file itself rather than
 * the working directory, so a test or benchmark reads the same data whether it runs from the root or a package.
 */
export function repositoryRoot(from: string = __dirname): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root (nx.json) above ${from}`);
  }
}

/**
 * A file of the shared open data sets (never copied into the repository): `../shared/data` beside the repository
 * root, wherever it is cloned.
 */
export function sharedDataPath(...segments: string[]): string {
  return path.resolve(repositoryRoot(), '..', 'shared', 'data', ...segments);
}
