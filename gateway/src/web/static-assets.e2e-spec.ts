import { readFileSync, statSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Stack, startStack } from '../../test/stack-harness';
import { buildWebApp } from './testing/build-web-app';

/**
 * ISSUE 16, acceptance 6: the real web build is precompressed (brotli and gzip at build time), and the gateway
 * answers index.html and the JS bundle in the smallest encoding the browser accepts, with long caching on hashed
 * assets only.
 */
describe('the web app as the gateway serves it', () => {
  let stack: Stack;
  let web: Awaited<ReturnType<typeof buildWebApp>>;
  let bundle: string;
  beforeAll(async () => {
    web = await buildWebApp();
    stack = await startStack({ contexts: [], gatewayEnv: { SERVE_WEB: 'true', WEB_DIST_DIR: web.dir } });
    const html = readFileSync(path.join(web.dir, 'index.html'), 'utf8');
    // The largest hashed script the page loads (entry or modulepreload): the entry itself is now a few hundred bytes
    // and the home page's shell script too small to be precompressed, so neither shows what compression is worth.
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    bundle = scripts.sort((a, b) => statSync(path.join(web.dir, b)).size - statSync(path.join(web.dir, a)).size)[0];
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    web?.remove();
  });

  /** The raw bytes as sent (fetch would decode them), with the response headers. */
  const get = (urlPath: string, acceptEncoding: string) =>
    new Promise<{ res: { status: number; headers: { get(name: string): string | null } }; body: Buffer }>((resolve, reject) => {
      httpGet(`${stack.baseUrl}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html,*/*' }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const header = (name: string) => {
            const v = res.headers[name.toLowerCase()];
            return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
          };
          resolve({ res: { status: res.statusCode!, headers: { get: header } }, body: Buffer.concat(chunks) });
        });
      }).on('error', reject);
    });

  it('answers index.html brotli- or gzip-encoded as accepted, and never cached without revalidation', async () => {
    const original = readFileSync(path.join(web.dir, 'index.html'));
    const br = await get('/', 'gzip, deflate, br, zstd');
    expect(br.res.status).toBe(200);
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(br.res.headers.get('cache-control')).toBe('no-cache');
    expect(br.res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await get('/account-settings', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await get('/index.html', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('answers the hashed JS bundle compressed with a year of immutable caching; unhashed files revalidate', async () => {
    expect(bundle).toMatch(/^\/assets\/.+-[\w-]{8,}\.js$/);
    const original = readFileSync(path.join(web.dir, bundle));
    const br = await get(bundle, 'br, gzip');
    expect(br.res.status).toBe(200);
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('content-type')).toMatch(/javascript/);
    expect(br.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 2);

    const gz = await get(bundle, 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const favicon = await get('/favicon.svg', 'br, gzip');
    expect(favicon.res.status).toBe(200);
    expect(favicon.res.headers.get('cache-control')).toBe('no-cache');

    // A chunk that is not there is a 404, not the app's HTML under a script's name.
    const missing = await get('/assets/gone-12345678.js', 'br');
    expect(missing.res.status).toBe(404);
  });
});
