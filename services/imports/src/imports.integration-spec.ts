import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import {
  type CsvUpdateJobStatus,
  ErrorCode,
  IMPORT_COLUMNS,
  ImportMessages,
  KitMessages,
  errorMessages,
  kitRegistrationRules,
  validateAgainst,
} from '@bleedkits/contracts';
import { ImportsSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { type PostcodesIoPeer, rejection, startPostcodesIoPeer } from '@bleedkits/platform/testing';
import { type ImportsHarness, actor, csvLine, finishedImport, importErrors, startImport, startImportsBed } from '../test/imports-harness';
import { isleOfManTemplateCsv, traffordTemplateCsv } from '../test/real-data';

const header = csvLine(IMPORT_COLUMNS);
function row(values: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>): string {
  const kit: Record<string, string> = {
    serialNumber: 'IMP-0001',
    make: 'mere',
    locationType: 'unlocked_cabinet',
    locationName: 'Scout Hut',
    addressLine1: '2 Park Road',
    city: 'Sale',
    postcode: 'M33 6GD',
    latitude: '53.424754',
    longitude: '-2.33774',
    purchaseDate: '2025-02-01',
    expiryDate: '2028-02-01',
    custodianName: 'Sam Scout',
    custodianPhone: '01619999999',
    custodianEmail: 'sam@example.org',
    ...values,
  };
  return csvLine(IMPORT_COLUMNS.map((c) => kit[c] ?? ''));
}
const file = (...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';

/** Row number → messages, as the registration form's rule table (contracts) judges each row of a template file. */
function expectedRefusals(csv: string): Record<string, string[]> {
  const records: Record<string, string>[] = parse(csv, { columns: true });
  const out: Record<string, string[]> = {};
  records.forEach((r, i) => {
    const messages = errorMessages(validateAgainst(kitRegistrationRules, r));
    if (messages.length) out[String(i + 2)] = messages;
  });
  return out;
}

describe('imports over NATS with real Postgres, Redis (BullMQ) and the kits context', () => {
  let h: ImportsHarness;
  let db: Client;
  let peer: PostcodesIoPeer;
  const uploader = actor('user');
  const admin = actor('admin');
  const kitsOf = async (ownerId: string) => (await db.query(`SELECT * FROM kits.kits WHERE owner_id = $1 ORDER BY id`, [ownerId])).rows;

  beforeAll(async () => {
    // postcodes.io on loopback, knowing one postcode.
    peer = await startPostcodesIoPeer({ postcodes: { 'SK9 1AA': { latitude: 53.3283, longitude: -2.2297 } } });
    h = await startImportsBed({ importsEnv: { POSTCODES_IO_BASE_URL: peer.url, IMPORTS_BATCH_SIZE: '50' } });
    db = new Client({ connectionString: h.env.DATABASE_URL });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await h?.close();
    await peer?.close();
  });

  describe('real data (read from ../shared/data)', () => {
    it("imports Trafford Council's 185 defibrillator sites: all created, pending, owned by the uploader, north_west", async () => {
      const trafford = traffordTemplateCsv();
      expect(trafford.rows).toBe(185);
      const owner = actor('user');
      const started = await startImport(h.bus, owner, trafford.csv, { fileName: 'trafford.csv' });
      expect(started).toMatchObject({ total: 185, status: expect.stringMatching(/queued|processing/) });
      const done = await finishedImport(h.bus, owner, started.jobId);
      // Every site has a name, an address, a postcode and coordinates: the rules refuse none.
      expect(expectedRefusals(trafford.csv)).toEqual({});
      expect(done).toMatchObject({ status: 'completed', total: 185, processed: 185, created: 185, failed: 0, progress: 100 });
      expect((await importErrors(h.bus, owner, started.jobId)).errors).toEqual({});
      const kits = await kitsOf(owner.id);
      expect(kits).toHaveLength(185);
      expect(new Set(kits.map((k) => k.ambulance_service))).toEqual(new Set(['north_west']));
      expect(new Set(kits.map((k) => k.status))).toEqual(new Set(['pending']));
      expect(kits.find((k) => k.serial_number === 'TRAFFORD-002')).toMatchObject({
        location_name: 'AECOM',
        postcode: 'WA15 8FH',
        latitude: 53.384092,
        city: 'Altrincham',
      });
      // Non-ASCII text of the source survives (UTF-8): 'St. John’s Medical Centre', 'Heatbeat Café'.
      expect(kits.map((k) => k.location_name)).toEqual(
        expect.arrayContaining(['St. John’s Medical Centre', 'St. Mary Magdalene Church - Heatbeat Café']),
      );
    });

    it("imports the Isle of Man's 49 OpenStreetMap defibrillators: the 19 without a location name refused with the rule's message, the rest created as isle_of_man_guernsey_jersey", async () => {
      const iom = isleOfManTemplateCsv();
      expect(iom.rows).toBe(49);
      const owner = actor('user');
      const started = await startImport(h.bus, owner, iom.csv, { fileName: 'isle-of-man.csv' });
      const done = await finishedImport(h.bus, owner, started.jobId);
      const { errors } = await importErrors(h.bus, owner, started.jobId);
      // Exactly what the registration rules (contracts) say of each row, every message of every refused row.
      const expected = expectedRefusals(iom.csv);
      expect(errors).toEqual(expected);
      // OpenStreetMap names no location for 19 nodes: each is refused for that alone. The 30 described ones pass
      // unless a description is longer than the rules allow a location name to be.
      const lines = iom.csv.trim().split('\r\n');
      const unnamedRows = lines
        .map((l, i) => [l, i + 1] as const)
        .filter(([l]) => iom.unnamedOsmIds.some((id) => l.startsWith(`OSM-${id},`)))
        .map(([, r]) => String(r));
      expect(unnamedRows).toHaveLength(19);
      for (const r of unnamedRows) expect(errors[r]).toEqual([KitMessages.locationName]);
      const refused = Object.keys(expected).length;
      expect(refused).toBeLessThanOrEqual(20);
      expect(done).toMatchObject({ status: 'completed', total: 49, created: 49 - refused, failed: refused });
      const kits = await kitsOf(owner.id);
      expect(kits).toHaveLength(49 - refused);
      expect(new Set(kits.map((k) => k.ambulance_service))).toEqual(new Set(['isle_of_man_guernsey_jersey']));
      expect(new Set(kits.map((k) => k.status))).toEqual(new Set(['pending']));
    });
  });

  describe('rows', () => {
    it('runs every row through the registration rules and messages of the form; numbers rows as a spreadsheet does', async () => {
      const csv = file(
        row({ serialNumber: 'R-OK' }),
        row({ serialNumber: 'x', custodianEmail: 'not-an-email', custodianPhone: '123' }),
        ',,,,,,,,,,,,,,,,,,,,,,',
        row({ serialNumber: 'R-MAKE', make: 'acme' }),
        row({ serialNumber: 'R-DATE', expiryDate: '2028-02-30' }),
        row({ serialNumber: 'R-FORMULA', locationName: '=HYPERLINK("http://evil.example","Click")' }),
      );
      const owner = actor('user');
      const done = await finishedImport(h.bus, owner, (await startImport(h.bus, owner, csv)).jobId);
      expect(done).toMatchObject({ total: 5, created: 2, failed: 3 });
      expect((await importErrors(h.bus, owner, done.jobId)).errors).toEqual({
        '3': [KitMessages.serialNumber, KitMessages.custodianPhone, KitMessages.custodianEmail],
        '5': [KitMessages.make],
        '6': [KitMessages.invalidDate],
      });
      // Stored as typed; exports neutralise formulas (contracts/src/csv).
      expect((await kitsOf(owner.id)).map((k) => k.location_name)).toContain('=HYPERLINK("http://evil.example","Click")');
    });

    it("locates a row without coordinates from the register's gazetteer, then postcodes.io, else refuses it clearly", async () => {
      const owner = actor('user');
      // The register already has a kit at M1 4BT: the gazetteer knows it without asking postcodes.io.
      const seeded = await h.bus.request(KitsSubjects.registerBatch, {
        actor: owner,
        entries: [
          {
            idempotencyKey: 'seed:gazetteer',
            kit: {
              serialNumber: 'SEED-1',
              make: 'mere',
              locationType: 'unlocked_cabinet',
              locationName: 'Piccadilly Gardens Kiosk',
              addressLine1: 'Piccadilly Gardens',
              city: 'Manchester',
              postcode: 'M1 4BT',
              latitude: '53.4808',
              longitude: '-2.2426',
              purchaseDate: '2025-01-01',
              expiryDate: '2028-01-01',
              custodianName: 'Al Kik',
              custodianPhone: '01610000001',
              custodianEmail: 'al@example.org',
            },
          },
        ],
      });
      expect(seeded.outcomes[0]).toMatchObject({ kitId: expect.any(Number) });
      peer.bulk.length = 0;
      const csv = file(
        row({ serialNumber: 'GEO-1', postcode: 'm1 4bt', latitude: '', longitude: '' }),
        row({ serialNumber: 'GEO-2', postcode: 'sk91aa', latitude: '', longitude: '' }),
        row({ serialNumber: 'GEO-3', postcode: 'ZZ9 9ZZ', latitude: '', longitude: '' }),
        row({ serialNumber: 'GEO-4', postcode: 'M33 6GD', latitude: '53.4', longitude: '' }),
      );
      const done = await finishedImport(h.bus, owner, (await startImport(h.bus, owner, csv)).jobId);
      expect(done).toMatchObject({ created: 2, failed: 2 });
      expect((await importErrors(h.bus, owner, done.jobId)).errors).toEqual({
        '4': [ImportMessages.postcodeNotLocated('ZZ9 9ZZ')],
        '5': [ImportMessages.halfLocation],
      });
      expect(peer.bulk.flat().sort()).toEqual(['SK9 1AA', 'ZZ9 9ZZ']);
      const kits = await kitsOf(owner.id);
      expect(kits.find((k) => k.serial_number === 'GEO-1')).toMatchObject({
        latitude: 53.4808,
        longitude: -2.2426,
        ambulance_service: 'north_west',
      });
      expect(kits.find((k) => k.serial_number === 'GEO-2')).toMatchObject({ latitude: 53.3283, longitude: -2.2297, postcode: 'SK9 1AA' });
    });

    it('refuses a cell longer than 5,000 characters with a message naming its column, and imports the rest', async () => {
      const owner = actor('user');
      const done = await finishedImport(
        h.bus,
        owner,
        (await startImport(h.bus, owner, file(row({ detailedLocation: 'x'.repeat(10_000) }), row({ serialNumber: 'LONG-OK' })))).jobId,
      );
      expect(done).toMatchObject({ created: 1, failed: 1 });
      expect((await importErrors(h.bus, owner, done.jobId)).errors['2'][0]).toBe(ImportMessages.cellTooLong('detailedLocation'));
    });

    it('answers a large errors map in parts, each far below NATS’s 1 MB, that add up to every refused row', async () => {
      const owner = actor('user');
      const rows = Array.from({ length: 3000 }, (_, i) =>
        row({ serialNumber: `E${i}`, custodianEmail: 'bad', addressLine1: 'x', city: 'y', locationName: 'z' }),
      );
      const done = await finishedImport(h.bus, owner, (await startImport(h.bus, owner, file(...rows))).jobId);
      expect(done).toMatchObject({ total: 3000, failed: 3000, created: 0 });
      const { errors, partBytes } = await importErrors(h.bus, owner, done.jobId);
      expect(Object.keys(errors)).toHaveLength(3000);
      expect(partBytes.length).toBeGreaterThan(1);
      for (const bytes of partBytes) expect(bytes).toBeLessThan(700_000);
      expect(errors['3001']).toEqual([KitMessages.locationName, KitMessages.addressLine1, KitMessages.city, KitMessages.custodianEmail]);
    }, 120_000);
  });

  describe('files', () => {
    const refused = async (content: string | Buffer) => (await rejection(startImport(h.bus, uploader, content))).body;

    it('refuses empty, header-only, unparseable, UTF-16 and binary files, and names each missing column', async () => {
      expect(await refused('')).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [ImportMessages.empty] });
      expect(await refused('\r\n\r\n')).toMatchObject({ errors: [ImportMessages.empty] });
      expect(await refused(`${header}\r\n`)).toMatchObject({ errors: [ImportMessages.headerOnly] });
      expect(await refused(`${header}\r\n,,,\r\n`)).toMatchObject({ errors: [ImportMessages.headerOnly] });
      const noEmail = IMPORT_COLUMNS.filter((c) => c !== 'custodianEmail' && c !== 'postcode');
      expect(await refused(`${csvLine(noEmail)}\r\n${csvLine(noEmail.map(() => 'x'))}\r\n`)).toMatchObject({
        errors: [ImportMessages.missingColumn('postcode'), ImportMessages.missingColumn('custodianEmail')],
      });
      expect((await refused(`${header}\r\n"unclosed,quote\r\n`)).errors![0]).toMatch(
        /^Unable to parse the uploaded file\. Please check the format\./,
      );
      expect(await refused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(header, 'utf16le')]))).toMatchObject({
        errors: [ImportMessages.utf16],
      });
      expect(await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toMatchObject({
        errors: [ImportMessages.notText],
      });
    });

    it('reads UTF-8 with a byte-order mark and Windows-1252, and matches headers ignoring case and spaces', async () => {
      const owner = actor('user');
      const spaced = IMPORT_COLUMNS.map((c) => c.replace(/([A-Z])/g, ' $1').toUpperCase());
      const bom = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`${csvLine(spaced)}\r\n${row({ serialNumber: 'BOM-1', locationName: 'Caf\u00e9 Nero' })}\r\n`),
      ]);
      const cp1252 = Buffer.from(`${header}\r\n${row({ serialNumber: 'CP-1', locationName: 'Caf\u00e9 \u2013 Sale' })}\r\n`, 'latin1');
      cp1252[cp1252.indexOf(0x13)] = 0x96; // the en dash's Windows-1252 byte (latin1 cannot write it)
      const a = await finishedImport(h.bus, owner, (await startImport(h.bus, owner, bom)).jobId);
      const b = await finishedImport(h.bus, owner, (await startImport(h.bus, owner, cp1252)).jobId);
      expect([a.created, b.created]).toEqual([1, 1]);
      expect((await kitsOf(owner.id)).map((k) => k.location_name).sort()).toEqual(['Caf\u00e9 Nero', 'Caf\u00e9 \u2013 Sale']);
    });

    it('imports into the uploader’s account; another account only for an admin', async () => {
      const other = actor('user');
      expect((await rejection(startImport(h.bus, uploader, file(row({})), { ownerId: other.id }))).body).toMatchObject({
        code: ErrorCode.Forbidden,
        message: ImportMessages.otherAccount,
      });
    });

    it('shows a job only to its uploader, its owner and admins', async () => {
      const owner = actor('user');
      const started = await startImport(h.bus, owner, file(row({ serialNumber: 'SEEN-1' })));
      await finishedImport(h.bus, owner, started.jobId);
      expect((await rejection(h.bus.request(ImportsSubjects.importStatus, { actor: actor('user'), jobId: started.jobId }))).body.code).toBe(
        ErrorCode.NotFound,
      );
      expect((await finishedImport(h.bus, admin, started.jobId)).created).toBe(1);
    });
  });

  describe('CSV comparison and queued updates', () => {
    it('matches by serial number, then location name + postcode; lists differences; applies approved updates, failing only a stale one', async () => {
      const owner = actor('user');
      const seeded = await finishedImport(
        h.bus,
        owner,
        (
          await startImport(
            h.bus,
            owner,
            file(
              row({ serialNumber: 'CMP-1', locationName: 'Library', city: 'Sale', postcode: 'M33 7ZF' }),
              row({ serialNumber: 'CMP-2', locationName: 'Leisure Centre', postcode: 'M33 2AB' }),
              row({ serialNumber: 'CMP-3', locationName: 'Pool', postcode: 'M33 3AA' }),
            ),
          )
        ).jobId,
      );
      expect(seeded.created).toBe(3);
      const ids = Object.fromEntries((await kitsOf(owner.id)).map((k) => [k.serial_number, Number(k.id)]));
      const compared = await h.bus.request(ImportsSubjects.compareCsvRows, {
        actor: admin,
        rows: [
          { 'Serial Number': 'cmp-1', 'Location Name': 'Library', City: 'Sale Moor', postcode: 'm33 7zf' },
          { serial_number: 'NOPE', location_name: 'leisure  centre', postcode: 'M332AB', what3words: 'filled.count.soap' },
          { serial_number: 'CMP-3', location_name: 'Pool', custodian_email: 'new@example.org' },
          { serial_number: 'NEW-9', location_name: 'New Place', postcode: 'M1 1AE' },
        ],
      });
      expect(compared.unmatched_csv).toEqual([{ csv_data: { serial_number: 'NEW-9', location_name: 'New Place', postcode: 'M1 1AE' } }]);
      expect(compared.matched.map((m) => [m.db_data.id, m.match_type, m.differences])).toEqual([
        [
          ids['CMP-1'],
          'serial_number',
          [{ field: 'city', current: 'Sale', proposed: 'Sale Moor', reason: 'The CSV value differs from the register' }],
        ],
        [
          ids['CMP-2'],
          'location_name_postcode',
          [
            { field: 'serial_number', current: 'CMP-2', proposed: 'NOPE', reason: 'The CSV value differs from the register' },
            { field: 'what3words', current: null, proposed: 'filled.count.soap', reason: 'The register has no value' },
          ],
        ],
        [
          ids['CMP-3'],
          'serial_number',
          [{ field: 'custodian_email', current: 'sam@example.org', proposed: 'new@example.org', reason: 'The CSV value differs from the register' }],
        ],
      ]);
      expect(compared.matched[0].db_data).toMatchObject({
        serial_number: 'CMP-1',
        location_name: 'Library',
        address_line_1: '2 Park Road',
        status: 'pending',
      });

      // Someone edits CMP-3's custodian after the comparison: that update must not overwrite it.
      await db.query(`UPDATE kits.kits SET custodian_email = 'edited@example.org' WHERE id = $1`, [ids['CMP-3']]);
      const jobId = crypto.randomUUID();
      const approvedUpdates = [
        { action: 'update', db_id: ids['CMP-1'], changes: [{ field: 'city', old_value: 'Sale', new_value: 'Sale Moor' }] },
        {
          action: 'update',
          db_id: ids['CMP-3'],
          changes: [{ field: 'custodian_email', old_value: 'sam@example.org', new_value: 'new@example.org' }],
        },
        { action: 'create', csv_data: compared.unmatched_csv[0].csv_data },
        {
          action: 'create',
          csv_data: {
            serial_number: 'NEW-10',
            make: 'mere',
            location_type: 'locked_cabinet',
            cabinet_code: '1234',
            location_name: 'Created Hall',
            address_line_1: '5 New Street',
            city: 'Sale',
            postcode: 'M33 6GD',
            latitude: '53.42',
            longitude: '-2.33',
            purchase_date: '2025-03-01',
            expiry_date: '2028-03-01',
            custodian_name: 'Cara Created',
            custodian_phone: '01610000002',
            custodian_email: 'cara@example.org',
          },
        },
      ];
      await h.bus.request(ImportsSubjects.stageCsvUpdates, { actor: admin, jobId, firstPosition: 0, updates: approvedUpdates });
      const queued = await h.bus.request(ImportsSubjects.startCsvUpdates, { actor: admin, jobId, totalUpdates: 4 });
      expect(queued).toEqual({ jobId, totalUpdates: 4 });
      let status: CsvUpdateJobStatus;
      do {
        await new Promise((r) => setTimeout(r, 200));
        status = await h.bus.request(ImportsSubjects.csvUpdateStatus, { actor: admin, jobId });
      } while (status.status !== 'completed' && status.status !== 'failed');
      expect(status).toEqual({ jobId, status: 'completed', totalUpdates: 4, progress: { successful: 2, failed: 2 } });
      const { entries } = await h.bus.request(ImportsSubjects.csvUpdateEntries, { actor: admin, jobId });
      expect(entries.map((e) => [e.status, e.action, e.errorMessage])).toEqual([
        ['completed', 'update', null],
        [
          'failed',
          'update',
          "The kit changed after the comparison: custodian_email is now 'edited@example.org', not 'sam@example.org'. Compare again before updating.",
        ],
        [
          'failed',
          'create',
          expect.stringContaining(
            `${KitMessages.make} ${KitMessages.locationType} ${KitMessages.addressLine1} ${KitMessages.city} ${ImportMessages.postcodeNotLocated('M1 1AE')}`,
          ),
        ],
        ['completed', 'create', null],
      ]);
      expect(entries[0]).toMatchObject({ dbId: ids['CMP-1'], processedAt: expect.any(String) });
      const kit3 = await h.bus.request(KitsSubjects.getKit, { actor: admin, kitId: ids['CMP-3'] });
      expect(kit3.custodianEmail).toBe('edited@example.org');
      const kit1 = await h.bus.request(KitsSubjects.getKit, { actor: admin, kitId: ids['CMP-1'] });
      expect(kit1.city).toBe('Sale Moor');
      const created = (await db.query(`SELECT status, owner_id, cabinet_code, opening_hours FROM kits.kits WHERE serial_number = 'NEW-10'`)).rows;
      expect(created).toEqual([{ status: 'pending', owner_id: admin.id, cabinet_code: '1234', opening_hours: '24/7' }]);
    });

    it('checks every approved update on receipt and refuses non-admins', async () => {
      const jobId = crypto.randomUUID();
      const bad = await rejection(
        h.bus.request(ImportsSubjects.stageCsvUpdates, {
          actor: admin,
          jobId,
          firstPosition: 0,
          updates: [
            { action: 'update', db_id: 'abc', changes: [] },
            { action: 'delete' },
            { action: 'update', db_id: 3, changes: [{ field: 'status', old_value: 'a', new_value: 'b' }] },
          ],
        }),
      );
      expect(bad.body.errors).toEqual([
        'Update 1: db_id must be a kit id',
        "Update 2: action must be 'update' or 'create'",
        "Update 3: 'status' is not a field that can be updated",
      ]);
      expect((await rejection(h.bus.request(ImportsSubjects.compareCsvRows, { actor: uploader, rows: [{ serial_number: 'X' }] }))).body.code).toBe(
        ErrorCode.Forbidden,
      );
      expect(
        (await rejection(h.bus.request(ImportsSubjects.startCsvUpdates, { actor: admin, jobId: crypto.randomUUID(), totalUpdates: 1 }))).body.code,
      ).toBe(ErrorCode.NotFound);
    });
  });
});
