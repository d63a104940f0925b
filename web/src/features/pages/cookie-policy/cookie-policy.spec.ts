import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COOKIE_CONSENT_KEY } from '@/components/overlays/cookie-consent-record';
import { SNAPSHOT_CACHE } from '@/features/finder/offline/snapshot-store';
import { SESSION_DAYS, STORED_ITEMS, TRUSTED_DEVICE_DAYS } from './cookies';

/**
 * Keeps the cookie policy and the code in step: every place the web app stores something on the visitor's device
 * must be listed in STORED_ITEMS, and everything listed must still be stored.
 */
const ROOT = path.resolve(__dirname, '../../../../..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const STORAGE_API = /\b(localStorage|sessionStorage|document\.cookie|indexedDB|caches)\b/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'test') sourceFiles(rel, out);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

describe('the cookie policy tells only the truth', () => {
  it('lists every file of the web app that stores something in the browser, and nothing else', () => {
    const storing = sourceFiles('web/src').filter(
      (f) => f !== 'web/src/features/pages/cookie-policy/cookies.ts' && STORAGE_API.test(read(f).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')),
    );
    const listed = STORED_ITEMS.map((i) => i.setBy).filter((f) => f.startsWith('web/src/'));
    expect(storing.sort()).toEqual([...new Set(listed)].sort());
  });

  it('names each item as the browser shows it', () => {
    expect(STORED_ITEMS.find((i) => i.kind === 'Local storage')?.name).toBe(COOKIE_CONSENT_KEY);
    expect(read('web/src/components/overlays/cookie-consent-record.ts')).toMatch(/localStorage/);
    expect(STORED_ITEMS.find((i) => i.setBy.endsWith('snapshot-store.ts'))?.name).toBe(SNAPSHOT_CACHE);
    // The service worker's app-shell cache (Workbox names it workbox-precache-v2-<scope>).
    expect(read('web/vite.config.mts')).toMatch(/VitePWA\(/);
    expect(STORED_ITEMS.some((i) => i.kind === 'Cache storage' && i.name === 'workbox-precache' && i.setBy === 'web/vite.config.mts')).toBe(true);
  });

  it('lists the cookies the gateway sets, with their names and lifetimes, and no other', () => {
    const cookies = STORED_ITEMS.filter((i) => i.kind === 'Cookie');
    expect(cookies.map((c) => c.name)).toEqual(['bk.sid', 'bk.device']);
    expect(read('gateway/src/bootstrap/create-gateway.ts')).toMatch(/session\(\{\s*name: 'bk\.sid'/);
    expect(read('gateway/src/routes/auth/login-throttle.ts')).toMatch(/DEVICE_COOKIE = 'bk\.device'/);
    const env = read('gateway/src/config/env.ts');
    const defaultOf = (name: string) => {
      const m = new RegExp(`${name}: num\\(\\{ default: ([\\d\\s*]+)[,}]`).exec(env);
      return m![1].split('*').reduce((n, f) => n * Number(f.trim()), 1);
    };
    expect(defaultOf('SESSION_TTL_HOURS') / 24).toBe(SESSION_DAYS);
    expect(defaultOf('LOGIN_TRUSTED_DEVICE_DAYS')).toBe(TRUSTED_DEVICE_DAYS);
    // Express's session middleware sets bk.sid; any other cookie is set with res.cookie in a file the list names.
    const setting = sourceFiles('gateway/src').filter((f) => /res\.cookie\(|'Set-Cookie'/i.test(read(f)));
    expect(setting.sort()).toEqual(
      cookies
        .map((c) => c.setBy)
        .filter((f) => !f.endsWith('create-gateway.ts'))
        .sort(),
    );
  });

  it('has nothing to disclose about analytics because there is none', () => {
    const web = [...sourceFiles('web/src').map(read), read('web/index.html')].join('\n');
    expect(web).not.toMatch(/googletagmanager|google-analytics|gtag\(|_ga\b|plausible|matomo/i);
    expect(STORED_ITEMS.map((i) => i.name).join(' ')).not.toMatch(/_ga|analytics/i);
  });
});
