import { KitMessages, TEXT_LIMITS, tooLongMessage } from '@bleedkits/contracts';
import { HttpClient } from '../../test/http-client';
import { exampleKit } from '../../test/example-kit';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';

const password = 'Str0ng!pass';
const kit = exampleKit;

/**
 * Acceptance 6 (and the edit half of 3-5) of the hardening issue, over HTTP: the edit path refuses what
 * registration refuses, a stale save answers 409, and an owner's change to an approved kit's public listing sends
 * it back for approval (off the public map until then).
 */
describe('kit edits over HTTP', () => {
  let stack: Stack;
  let owner: HttpClient;
  let admin: HttpClient;
  const approvedKit = async () => {
    const created = (await owner.post('/api/bleed-kits', kit())).body as { id: number };
    expect((await admin.get(`/api/kit-status?id=${created.id}&status=active`)).status).toBe(200);
    return (await owner.get(`/api/bleed-kits/${created.id}`)).body as { id: number; revision: number; status: string };
  };

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'] });
    owner = new HttpClient(stack.baseUrl);
    admin = new HttpClient(stack.baseUrl);
    await owner.post('/api/auth/register', { email: 'owner@example.org', password, firstName: 'Olive', lastName: 'Owner' });
    await admin.post('/api/auth/login', ADMIN);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it('refuses on edit what registration refuses, coercing nothing', async () => {
    const k = await approvedKit();
    const cases: [Record<string, unknown>, string][] = [
      [{ cabinetCode: 'C'.repeat(5000) }, tooLongMessage('Cabinet code', TEXT_LIMITS.cabinetCode)],
      [{ publicDisplay: 'no' }, KitMessages.publicDisplay],
      [{ serialNumber: ['a', 'b'] }, 'Serial number must be text'],
      [{ latitude: [53.8] }, KitMessages.coordinatesNotNumbers],
      [{ locationName: 'x'.repeat(95_000) }, tooLongMessage('Location name', TEXT_LIMITS.name)],
      [{ custodianName: 'Sam\r\nKeeper' }, 'Custodian name must be on one line'],
      [{ purchaseDate: '0000-01-01' }, KitMessages.dateOutOfRange],
      [{ unknownField: 'x' }, 'property unknownField should not exist'],
    ];
    for (const [data, message] of cases) {
      const res = await owner.put('/api/admin/kit-edit', { kitId: k.id, revision: k.revision, data });
      expect({ data: Object.keys(data), status: res.status, errors: res.body.errors }).toEqual({
        data: Object.keys(data),
        status: 400,
        errors: expect.arrayContaining([message]),
      });
      const registered = await owner.post('/api/bleed-kits', kit(data));
      expect({ data: Object.keys(data), status: registered.status }).toEqual({ data: Object.keys(data), status: 400 });
    }
    const after = (await owner.get(`/api/bleed-kits/${k.id}`)).body;
    expect(after).toMatchObject({ revision: k.revision, status: 'active', publicDisplay: true, serialNumber: 'DBF-2025-0042', cabinetCode: null });
  });

  it('answers 409 with the message the dialog shows when the form was opened before another save', async () => {
    const k = await approvedKit();
    const firstTab = await owner.put('/api/admin/kit-edit', { kitId: k.id, revision: k.revision, data: { custodianPhone: '0161 000 1111' } });
    expect(firstTab.status).toBe(200);
    const secondTab = await owner.put('/api/admin/kit-edit', {
      kitId: k.id,
      revision: k.revision,
      data: { ...kit(), custodianPhone: '0161 000 2222' },
    });
    expect(secondTab.status).toBe(409);
    expect(secondTab.body.message).toBe(KitMessages.staleEdit);
    expect((await owner.get(`/api/bleed-kits/${k.id}`)).body.custodianPhone).toBe('0161 000 1111');
  });

  it('sends an approved kit back for approval when its owner renames it, and keeps it live for private changes', async () => {
    const k = await approvedKit();
    const privateChange = await owner.put('/api/admin/kit-edit', { kitId: k.id, revision: k.revision, data: { custodianName: 'Sam Keeper-Jones' } });
    expect(privateChange.body.status).toBe('active');
    const renamed = await owner.put('/api/admin/kit-edit', {
      kitId: k.id,
      revision: privateChange.body.revision,
      data: { locationName: 'SCAM: call 0909 000 0000' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ status: 'pending', approvedAt: null, locationName: 'SCAM: call 0909 000 0000' });
    const pending = (await admin.get('/api/admin/pending-kits-working')).text;
    expect(pending).toContain('SCAM: call 0909 000 0000');
  });
});
