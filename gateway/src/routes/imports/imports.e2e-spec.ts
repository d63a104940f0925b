import {
  ComparisonMessages,
  type CsvComparisonResponse,
  IMPORT_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  ImportMessages,
  KitMessages,
  importTemplateCsv,
} from '@bleedkits/contracts';
import { describedFetch } from '../../../test/described-answers';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';
import { IMPORT_HEADER as header, importCsv, importRow as row } from '@bleedkits/platform/testing';

const password = 'Str0ng!pass';
const csv = (...rows: string[]) => importCsv(rows);

type Answer = { status: number; body: any; headers: Headers };

/** A multipart upload as the browser's FormData sends it, with the client's session cookie. */
async function upload(
  client: HttpClient,
  path: string,
  field: string,
  content: string | Buffer,
  fileName: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), fileName);
  const res = await describedFetch(client.baseUrl + path, {
    method: 'POST',
    body: form,
    headers: { cookie: `bk.sid=${client.sessionId}`, ...headers },
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

describe('CSV import, comparison and queued updates over HTTP', () => {
  let stack: Stack;
  let user: HttpClient;
  let other: HttpClient;
  let admin: HttpClient;
  let otherId: string;
  const importFile = (
    client: HttpClient,
    content: string | Buffer,
    fileName = 'kits.csv',
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => upload(client, '/api/admin/bleed-kits/import', 'csvFile', content, fileName, fields, headers);

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits', 'imports'], serviceEnv: { imports: { POSTCODES_IO_BASE_URL: 'off' } } });
    user = new HttpClient(stack.baseUrl);
    other = new HttpClient(stack.baseUrl);
    admin = new HttpClient(stack.baseUrl);
    await user.post('/api/auth/register', { email: 'importer@example.org', password, firstName: 'Ian', lastName: 'Importer' });
    otherId = (await other.post('/api/auth/register', { email: 'other-importer@example.org', password, firstName: 'Oona', lastName: 'Other' })).body
      .user.id;
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  }, 90_000);
  afterAll(async () => stack?.close());

  it('downloads the template: every registration column, one example row, a file name; the template itself imports', async () => {
    const res = await user.get('/api/bleed-kits/template');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="bleed-kits-import-template.csv"');
    expect(res.text).toBe(importTemplateCsv());
    const raw = new Uint8Array(await (await describedFetch(`${stack.baseUrl}/api/bleed-kits/template`)).arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [head, example] = res.text.split('\r\n');
    expect(head.split(',')).toEqual([...IMPORT_COLUMNS]);
    expect(example).toContain('DBF-2025-0001');
    const imported = await importFile(user, Buffer.from(`\uFEFF${res.text}`), 'template.csv');
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ total: 1, created: 1, errors: {} });
  });

  it('answers each bad file with its message, never a 500', async () => {
    const cases: [string, () => Promise<Answer>, number, string][] = [
      ['not a CSV', () => importFile(user, csv(row()), 'kits.xlsx'), 400, ImportMessages.notCsv],
      ['over 5 MB', () => importFile(user, `${header}\r\n${'x'.repeat(IMPORT_MAX_FILE_BYTES)}`), 413, ImportMessages.tooLarge],
      ['empty', () => importFile(user, ''), 400, ImportMessages.empty],
      ['header only', () => importFile(user, `${header}\r\n`), 400, ImportMessages.headerOnly],
      [
        'missing column',
        () => importFile(user, csv(row()).replace('custodianEmail', 'contactEmail')),
        400,
        ImportMessages.missingColumn('custodianEmail'),
      ],
      ['UTF-16', () => importFile(user, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(row()), 'utf16le')])), 400, ImportMessages.utf16],
    ];
    for (const [name, send, status, message] of cases) {
      const res = await send();
      expect({ name, status: res.status, message: res.body?.message }).toEqual({ name, status, message });
    }
    const none = await describedFetch(`${stack.baseUrl}/api/admin/bleed-kits/import`, {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: `bk.sid=${user.sessionId}` },
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe(ImportMessages.noFile);
  });

  it('reads a byte-order mark and Windows-1252, refuses a 10,000-character cell by row, stores a formula as typed', async () => {
    const bom = await importFile(user, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(row({ serialNumber: 'HTTP-BOM' })))]));
    expect(bom.body).toMatchObject({ total: 1, created: 1 });
    const cp1252 = Buffer.from(csv(row({ serialNumber: 'HTTP-1252', locationName: 'Caf\u00e9 Royal' })), 'latin1');
    expect((await importFile(user, cp1252)).body).toMatchObject({ created: 1, errors: {} });
    const long = await importFile(
      user,
      csv(row({ serialNumber: 'HTTP-LONG', locationName: 'L'.repeat(10_000) }), row({ serialNumber: 'HTTP-SHORT' })),
    );
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ total: 2, created: 1 });
    expect(long.body.errors['2'][0]).toBe(ImportMessages.cellTooLong('locationName'));
    const formula = '=HYPERLINK("http://evil.example","Click me")';
    expect((await importFile(user, csv(row({ serialNumber: 'HTTP-FORMULA', locationName: formula })))).body).toMatchObject({ created: 1 });
    const mine = (await user.get('/api/bleed-kits/user')).body.kits as { serialNumber: string; locationName: string; status: string }[];
    expect(mine.find((k) => k.serialNumber === 'HTTP-FORMULA')).toMatchObject({ locationName: formula, status: 'pending' });
    expect(mine.find((k) => k.serialNumber === 'HTTP-1252')?.locationName).toBe('Caf\u00e9 Royal');
  });

  it('answers 202 with the job when asked to respond asynchronously; the job shows real progress and then the result', async () => {
    const started = await importFile(
      user,
      csv(row({ serialNumber: 'HTTP-ASYNC-1' }), row({ serialNumber: 'x' })),
      'kits.csv',
      {},
      { prefer: 'respond-async' },
    );
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/imports/${started.body.jobId}`);
    expect(started.body).toMatchObject({
      jobId: expect.any(String),
      total: 2,
      fileName: 'kits.csv',
      status: expect.stringMatching(/queued|processing|completed/),
    });
    let view = started.body;
    while (view.status !== 'completed') {
      await new Promise((r) => setTimeout(r, 200));
      view = (await user.get(`/api/imports/${started.body.jobId}`)).body;
    }
    expect(view).toMatchObject({ status: 'completed', progress: 100, total: 2, created: 1, failed: 1, errors: { '3': [KitMessages.serialNumber] } });
    expect((await other.get(`/api/imports/${started.body.jobId}`)).status).toBe(404);
    expect((await admin.get(`/api/imports/${started.body.jobId}`)).body.created).toBe(1);
  });

  it('keeps an ordinary user to their own account and off the comparison routes; admins may import for another account', async () => {
    expect((await importFile(user, csv(row()), 'kits.csv', { userId: otherId })).status).toBe(403);
    const forOther = await importFile(admin, csv(row({ serialNumber: 'HTTP-FOR-OTHER' })), 'kits.csv', { userId: otherId });
    expect(forOther.body).toMatchObject({ created: 1 });
    expect(((await other.get('/api/bleed-kits/user')).body.kits as { serialNumber: string }[]).map((k) => k.serialNumber)).toEqual([
      'HTTP-FOR-OTHER',
    ]);
    const anon = new HttpClient(stack.baseUrl);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/admin/csv-comparison', { csvData: [{ serial_number: 'X' }] }],
      ['POST', '/api/admin/queue-csv-updates', { approvedUpdates: [{ action: 'create', csv_data: {} }] }],
      ['GET', '/api/admin/queue-csv-updates?jobId=00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/csv-update-entries?jobId=00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, path, body] of calls) {
      expect({ path, status: (await user.request(method, path, body)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await anon.request(method, path, body)).status }).toEqual({ path, status: 401 });
    }
    expect((await importFile(anon, csv(row()))).status).toBe(401);
  });

  it('compares rows with the register and queues approved updates, with the shapes the spec gives', async () => {
    await importFile(
      user,
      csv(
        row({ serialNumber: 'CMP-HTTP-1', locationName: 'Old Name' }),
        row({ serialNumber: 'CMP-HTTP-2', locationName: 'Second', postcode: 'M41 0AA' }),
      ),
    );
    const json = await admin.post('/api/admin/csv-comparison', {
      csvData: [
        { 'Serial Number': 'CMP-HTTP-1', 'Location Name': 'New Name' },
        { serial_number: 'CMP-NEW', location_name: 'Brand New', postcode: 'M1 1AE' },
      ],
    });
    expect(json.status).toBe(200);
    const result = json.body as CsvComparisonResponse;
    expect(result.summary).toEqual({ potential_updates: 1, new_kits: 1, matched_count: 1 });
    expect(result.matched[0]).toMatchObject({
      match_type: 'serial_number',
      db_data: { serial_number: 'CMP-HTTP-1', location_name: 'Old Name', id: expect.any(Number) },
      differences: [{ field: 'location_name', current: 'Old Name', proposed: 'New Name', reason: expect.any(String) }],
    });
    expect(result.unmatched_csv).toEqual([{ csv_data: { serial_number: 'CMP-NEW', location_name: 'Brand New', postcode: 'M1 1AE' } }]);

    // The same file as plain comma-separated text, and as an uploaded file.
    const text = 'Serial Number,"Location Name"\r\nCMP-HTTP-1,New Name\r\nCMP-NEW,Brand New\r\n';
    const asText = (await admin.post('/api/admin/csv-comparison', { csvData: text })).body as CsvComparisonResponse;
    expect(asText.summary).toEqual({ potential_updates: 1, new_kits: 1, matched_count: 1 });
    const asFile = await upload(admin, '/api/admin/csv-comparison', 'csvFile', text, 'ambulance-service.csv');
    expect(asFile.body.summary).toEqual({ potential_updates: 1, new_kits: 1, matched_count: 1 });
    expect((await admin.post('/api/admin/csv-comparison', { csvData: '"unclosed' })).body.message).toBe(ComparisonMessages.unparseable);
    expect((await admin.post('/api/admin/csv-comparison', {})).status).toBe(400);

    const { db_data, differences } = result.matched[0];
    const queued = await admin.post('/api/admin/queue-csv-updates', {
      approvedUpdates: [
        { action: 'update', db_id: db_data.id, changes: differences.map((d) => ({ field: d.field, old_value: d.current, new_value: d.proposed })) },
        { action: 'create', csv_data: result.unmatched_csv[0].csv_data },
      ],
    });
    expect(queued.status).toBe(200);
    expect(queued.body).toEqual({ jobId: expect.any(String), totalUpdates: 2 });
    let status;
    do {
      await new Promise((r) => setTimeout(r, 200));
      status = (await admin.get(`/api/admin/queue-csv-updates?jobId=${queued.body.jobId}`)).body;
    } while (status.status !== 'completed' && status.status !== 'failed');
    expect(status).toEqual({ jobId: queued.body.jobId, status: 'completed', totalUpdates: 2, progress: { successful: 1, failed: 1 } });
    const entries = (await admin.get(`/api/admin/csv-update-entries?jobId=${queued.body.jobId}`)).body;
    expect(entries.entries).toEqual([
      { id: expect.any(Number), status: 'completed', action: 'update', dbId: db_data.id, processedAt: expect.any(String), errorMessage: null },
      {
        id: expect.any(Number),
        status: 'failed',
        action: 'create',
        dbId: null,
        processedAt: expect.any(String),
        errorMessage: expect.stringContaining(KitMessages.make),
      },
    ]);
    expect((await admin.post('/api/admin/queue-csv-updates', { approvedUpdates: [] })).status).toBe(400);
    expect((await admin.get('/api/admin/queue-csv-updates?jobId=nope')).status).toBe(404);
  });
});
