// The local Dropbox peer of the backups service's own tests (services/backups/src/providers/cloud-storage/testing/
// dropbox-fake.ts: the authorize page, the OAuth token endpoint, uploads, revoke), for the end-to-end stack of
// `npm test`, so an admin connects Dropbox in the browser against the same peer. The build leaves test code out, so
// it is compiled here with swc; it imports only Node's own modules.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformFileSync } from '@swc/core';

const FAKE = path.join('services', 'backups', 'src', 'providers', 'cloud-storage', 'testing', 'dropbox-fake.ts');

/** Starts the peer on 127.0.0.1: `{ url, authorizeUrl, appKey, close() }` among others. */
export async function startDropboxPeer(root) {
  const { code } = transformFileSync(path.join(root, FAKE), {
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-dropbox-peer-'));
  try {
    const file = path.join(dir, 'dropbox-fake.mjs');
    writeFileSync(file, code);
    const { startDropboxFake } = await import(pathToFileURL(file).href);
    return await startDropboxFake();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
