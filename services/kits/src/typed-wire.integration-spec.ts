import { ErrorCode } from '@bleedkits/contracts';
import { KitsSubjects, KitsWire } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type KitsHarness, startKits } from '../test/kits-harness';

/**
 * Acceptance (issue 9, point 1): a malformed payload to any subject of the kits context is refused on receipt with
 * a coded 400 naming the subject, before a handler can crash on it; a well-formed one still reaches its handler.
 */
describe('kits checks every request on receipt (typed wire)', () => {
  let h: KitsHarness;
  beforeAll(async () => {
    h = await startKits();
  });
  afterAll(async () => h?.close());

  const subjects = Object.keys(KitsWire) as (keyof typeof KitsWire)[];
  /** Payloads no kits subject accepts; `{}` too for every subject that needs any key. */
  const malformedFor = (subject: keyof typeof KitsWire): unknown[] => [
    'register a kit',
    [1, 2, 3],
    42,
    ...(KitsWire[subject].check.safeParse({}).success ? [] : [{}, { actor: 'admin', kitId: { id: 1 } }]),
  ];

  it.each(subjects)('%s: a malformed payload is a coded 400, not a crash', async (subject) => {
    for (const payload of malformedFor(subject)) {
      const err = await rejection(h.bus.request<unknown>(subject, payload));
      expect({ payload, code: err.body.code, message: err.body.message }).toEqual({
        payload,
        code: ErrorCode.ValidationFailed,
        message: `Malformed request to ${subject}`,
      });
      expect(err.body.errors?.length).toBeGreaterThan(0);
    }
  });

  it('names what is wrong', async () => {
    const err = await rejection(h.bus.request<unknown>(KitsSubjects.delete, { actor: { id: 'u1', role: 'owner', email: 'a@b.c' }, kitId: true }));
    expect(err.body.errors).toEqual([expect.stringMatching(/^actor\.role: /), expect.stringMatching(/^kitId: /)]);
  });

  it('a well-formed request still reaches its handler (which applies its own rules)', async () => {
    const err = await rejection(h.bus.request(KitsSubjects.delete, { actor: { id: 'u1', role: 'user', email: 'a@b.c' }, kitId: 999_999 }));
    expect(err.body.code).toBe(ErrorCode.NotFound);
  });
});
