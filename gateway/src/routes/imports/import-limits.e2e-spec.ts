import { Client } from 'pg';
import {
  AvailabilityMessages,
  IMPORT_COLUMNS,
  IMPORT_ERRORS_SHOWN,
  IMPORT_MAX_FILE_BYTES,
  type ImportCompleted,
  type ImportErrorsPart,
  type ImportJobView,
  ImportMessages,
  KitMessages,
  defaultAvailability,
} from '@bleedkits/contracts';
import { describedFetch } from '../../../test/described-answers';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';
import { IMPORT_HEADER as header, importCsv, importRow } from '@bleedkits/platform/testing';

const password = 'Str0ng!pass';
const USER_MAX_ROWS = 5000;
/** A row of nothing but a serial number: the form's every other rule refuses it (13 messages from 40 bytes). */
const badRow = (i: number) => `B${i}` + ','.repeat(IMPORT_COLUMNS.length - 1);
const csv = importCsv;
const row = (values: Record<string, string> = {}) => importRow({ serialNumber: 'LIMIT-0001', ...values });

type Answer = { status: number; body: any; bytes: number };

/**
 * Acceptance 1 of the second security pass (issue 29), over HTTP: imports are bounded in rows and bytes before any
 * row is read; a finished job answers its first refused rows, their count and a CSV of all, whatever their number;
 * the report is read in pages; a malformed row fails only itself; the gateway's memory stays bounded.
 */
describe('CSV import limits over HTTP', () => {
  let stack: Stack;
  let user: HttpClient;
  let admin: HttpClient;
  let db: Client;

  async function importFile(client: HttpClient, content: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
    const form = new FormData();
    form.append('csvFile', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), 'kits.csv');
    const res = await describedFetch(`${stack.baseUrl}/api/admin/bleed-kits/import`, {
      method: 'POST',
      body: form,
      headers: { cookie: `bk.sid=${client.sessionId}`, ...headers },
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), bytes: Buffer.byteLength(text) };
  }
  async function get(client: HttpClient, path: string): Promise<Answer & { text: string; headers: Headers }> {
    const res = await describedFetch(stack.baseUrl + path, { headers: { cookie: `bk.sid=${client.sessionId}`, 'sec-fetch-site': 'same-origin' } });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // CSV
    }
    return { status: res.status, body, bytes: Buffer.byteLength(text), text, headers: res.headers };
  }
  /** Polls the job to its end, as the dashboard does. */
  async function finished(client: HttpClient, jobId: string): Promise<Answer> {
    for (;;) {
      const res = await get(client, `/api/imports/${jobId}`);
      const view = res.body as ImportJobView;
      if (res.status !== 200 || view.status === 'completed' || view.status === 'failed') return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const jobCount = async () => Number((await db.query('SELECT count(*)::int AS n FROM imports.import_jobs')).rows[0].n);

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits', 'imports'], serviceEnv: { imports: { POSTCODES_IO_BASE_URL: 'off' } } });
    user = new HttpClient(stack.baseUrl);
    admin = new HttpClient(stack.baseUrl);
    await user.post('/api/auth/register', { email: 'limits@example.org', password, firstName: 'Lim', lastName: 'Its' });
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    db = new Client({ connectionString: stack.db.url });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  it("refuses a file over the user's row limit or the byte limit before any row is read; an admin's limit is higher", async () => {
    const before = await jobCount();
    const tooMany = await importFile(user, csv(Array.from({ length: USER_MAX_ROWS + 1 }, (_, i) => badRow(i))));
    expect({ status: tooMany.status, message: tooMany.body.message }).toEqual({ status: 400, message: ImportMessages.tooManyRows(USER_MAX_ROWS) });
    const tooBig = await importFile(user, `${header}\r\n${'x'.repeat(IMPORT_MAX_FILE_BYTES)}`);
    expect({ status: tooBig.status, message: tooBig.body.message }).toEqual({ status: 413, message: ImportMessages.tooLarge });
    expect(await jobCount()).toBe(before);

    const byAdmin = await importFile(admin, csv(Array.from({ length: USER_MAX_ROWS + 1 }, (_, i) => badRow(i))), { prefer: 'respond-async' });
    expect(byAdmin.status).toBe(202);
    expect((await finished(admin, byAdmin.body.jobId)).body).toMatchObject({
      status: 'completed',
      total: USER_MAX_ROWS + 1,
      failed: USER_MAX_ROWS + 1,
    });
  }, 120_000);

  it('answers 5,000 bad rows in under 200 KB: the first 100 with their messages, the count, and a CSV of all; the gateway stays small', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    try {
      const content = csv(Array.from({ length: USER_MAX_ROWS }, (_, i) => badRow(i)));
      let answer = await importFile(user, content);
      if (answer.status === 202) answer = await finished(user, answer.body.jobId);
      expect(answer.status).toBe(200);
      expect(answer.bytes).toBeLessThan(200_000);
      const result = answer.body as ImportCompleted & ImportJobView;
      const jobId = result.jobId;
      expect(Object.keys(result.errors)).toHaveLength(IMPORT_ERRORS_SHOWN);
      expect(Object.keys(result.errors)[0]).toBe('2');
      expect(result.errors['2']).toEqual(
        expect.arrayContaining([KitMessages.make, KitMessages.custodianEmail, ImportMessages.postcodeNotLocated('')]),
      );
      expect(result.errorCount ?? result.failed).toBe(USER_MAX_ROWS);
      expect(result.errorsCsv).toBe(`/api/imports/${jobId}/errors.csv`);

      // Every look at the job answers the same bounded report; nothing rebuilds the whole of it.
      for (let i = 0; i < 5; i++) {
        const view = await get(user, `/api/imports/${jobId}`);
        expect(view.bytes).toBeLessThan(200_000);
        expect(view.body).toMatchObject({ status: 'completed', failed: USER_MAX_ROWS, created: 0, errorsCsv: result.errorsCsv });
        expect(Object.keys(view.body.errors)).toHaveLength(IMPORT_ERRORS_SHOWN);
      }

      const download = await get(user, result.errorsCsv);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="import-errors-${jobId}.csv"`);
      const lines = download.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('Row,Message');
      const rowsInCsv = new Set(lines.slice(1).map((l) => l.split(',')[0]));
      expect(rowsInCsv.size).toBe(USER_MAX_ROWS);
      expect(lines).toContain(`${USER_MAX_ROWS + 1},${KitMessages.custodianEmail}`);
      expect(lines.length - 1).toBe(USER_MAX_ROWS * result.errors['2'].length);
    } finally {
      clearInterval(sampler);
    }
    global.gc?.();
    const grown = process.memoryUsage().rss - rssBefore;
    // Generous: the old answer built a report of about 1 MB per 4 KB of bad rows, in one string, on every look.
    const mb = { grown: Math.round(grown / 2 ** 20), peakGrown: Math.round((peak - rssBefore) / 2 ** 20) };
    expect({ ...mb, bounded: mb.grown < 150 && mb.peakGrown < 250 }).toEqual({ ...mb, bounded: true });
  }, 180_000);

  it('reads the report a page at a time, refusing a malformed page request and other people', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => badRow(i));
    let answer = await importFile(user, csv(rows));
    if (answer.status === 202) answer = await finished(user, answer.body.jobId);
    const jobId = answer.body.jobId as string;
    const pages: ImportErrorsPart[] = [];
    let afterRow = 0;
    for (;;) {
      const page = await get(user, `/api/imports/${jobId}/errors?afterRow=${afterRow}&limit=100`);
      expect(page.status).toBe(200);
      pages.push(page.body);
      if (!page.body.hasMore) break;
      afterRow = page.body.next;
    }
    expect(pages.map((p) => p.errors.length)).toEqual([100, 100, 50]);
    expect(pages.flatMap((p) => p.errors.map(([r]) => r))).toEqual(Array.from({ length: 250 }, (_, i) => i + 2));
    expect((await get(user, `/api/imports/${jobId}/errors?limit=100000`)).body.errors).toHaveLength(250);
    for (const query of ['afterRow=-1', 'afterRow=x', 'limit=1e9', 'limit=[1]']) {
      const bad = await get(user, `/api/imports/${jobId}/errors?${query}`);
      expect({ query, status: bad.status, message: bad.body.message }).toEqual({ query, status: 400, message: ImportMessages.errorsPage });
    }
    const stranger = new HttpClient(stack.baseUrl);
    await stranger.post('/api/auth/register', { email: 'stranger-limits@example.org', password, firstName: 'Stran', lastName: 'Ger' });
    expect((await get(stranger, `/api/imports/${jobId}/errors`)).status).toBe(404);
    expect((await get(stranger, `/api/imports/${jobId}/errors.csv`)).status).toBe(404);
    expect((await get(user, `/api/imports/not-a-job/errors.csv`)).status).toBe(404);
  }, 60_000);

  it('imports the good rows of a file with malformed availability rows and reports each bad one by day and field', async () => {
    const good = (serialNumber: string) => row({ serialNumber, availability: JSON.stringify(defaultAvailability()) });
    const answer = await importFile(
      user,
      csv([
        good('AV-GOOD-1'),
        row({ serialNumber: 'AV-BAD-1', availability: JSON.stringify({ monday: { open: true, startTime: { toString: 1 } } }) }),
        good('AV-GOOD-2'),
        row({
          serialNumber: 'AV-BAD-2',
          availability: JSON.stringify({ friday: { isOpen: true, openTime: 'SCAM call 09090 000000', closeTime: '17:00' } }),
        }),
        row({ serialNumber: 'AV-BAD-3', availability: JSON.stringify({ caturday: { isOpen: true } }) }),
        row({ serialNumber: 'AV-BAD-4', availability: JSON.stringify({ monday: { isOpen: true, openTime: { a: [{ b: { c: [1] } }] } } }) }),
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total: 6,
      created: 2,
      errorCount: 4,
      errors: {
        '3': [AvailabilityMessages.dayTime('monday', 'startTime')],
        '5': [AvailabilityMessages.dayTime('friday', 'openTime')],
        '6': [AvailabilityMessages.unknownKey('caturday')],
        '7': [AvailabilityMessages.dayTime('monday', 'openTime')],
      },
    });
    const kits = (await user.get('/api/bleed-kits/user')).body.kits as { serialNumber: string; openingHours: string }[];
    expect(kits.filter((k) => k.serialNumber.startsWith('AV-')).map((k) => [k.serialNumber, k.openingHours])).toEqual(
      expect.arrayContaining([
        ['AV-GOOD-1', 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun'],
        ['AV-GOOD-2', 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun'],
      ]),
    );
    expect(kits.filter((k) => k.serialNumber.startsWith('AV-BAD'))).toEqual([]);
  }, 60_000);
});
