#!/usr/bin/env node
// `npm run restore -- <file | latest> [--database <url>] [--dir <folder>] [--force]`: restores a backup with the
// backups context's own code (services/backups/src/restore/restore-cli.ts). Runs from source when the dev tools are
// installed (a checkout: no build needed at 3 a.m.), else the built dist/. Reads .env like npm start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, loadEnvFile } from './lib/infra.mjs';

loadEnvFile();
const source = path.join(ROOT, 'services', 'backups', 'src', 'restore', 'restore-cli.ts');
const built = path.join(ROOT, 'services', 'backups', 'dist', 'restore', 'restore-cli.js');
const hook = path.join(ROOT, 'platform', 'src', 'testing', 'register-ts.js');
const fromSource = existsSync(path.join(ROOT, 'node_modules', '@swc', 'core')) && existsSync(source);
if (!fromSource && !existsSync(built)) {
  console.error('[restore] neither the sources with @swc/core nor services/backups/dist are here: run npm ci (or build) first');
  process.exit(1);
}
const args = fromSource ? ['-r', hook, source] : [built];
const r = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
