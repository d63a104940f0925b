import type { AuditEntry } from '@bleedkits/contracts';
import { decodeAuditCursor, encodeAuditCursor, mergeAuditPages } from './audit.controller';

const entry = (at: string, id: string) => ({ at, id }) as AuditEntry;

describe('mergeAuditPages', () => {
  it("merges the contexts' pages newest first and answers the last shown entry as the next cursor", () => {
    const kits = { items: [entry('2026-01-03T00:00:00.000Z', 'k3'), entry('2026-01-01T00:00:00.000Z', 'k1')], next: null };
    const identity = { items: [entry('2026-01-02T00:00:00.000Z', 'i2')], next: null };
    expect(mergeAuditPages([kits, identity], 2)).toEqual({
      items: [kits.items[0], identity.items[0]],
      next: { at: '2026-01-02T00:00:00.000Z', id: 'i2' },
    });
    expect(mergeAuditPages([kits, identity], 3).next).toBeNull();
  });

  it('answers a next cursor while any context has more', () => {
    const kits = { items: [entry('2026-01-03T00:00:00.000Z', 'k3')], next: { at: '2026-01-03T00:00:00.000Z', id: 'k3' } };
    expect(mergeAuditPages([kits, { items: [], next: null }], 1).next).toEqual({ at: '2026-01-03T00:00:00.000Z', id: 'k3' });
  });

  it("ends the page where a context's page ended early, so none of its older entries is skipped", () => {
    // kits' page was cut by size after k5: it may hold k4, newer than identity's i3.
    const kits = {
      items: [entry('2026-01-06T00:00:00.000Z', 'k6'), entry('2026-01-05T00:00:00.000Z', 'k5')],
      next: { at: '2026-01-05T00:00:00.000Z', id: 'k5' },
    };
    const identity = { items: [entry('2026-01-07T00:00:00.000Z', 'i7'), entry('2026-01-03T00:00:00.000Z', 'i3')], next: null };
    expect(mergeAuditPages([kits, identity], 50)).toEqual({
      items: [identity.items[0], kits.items[0], kits.items[1]],
      next: { at: '2026-01-05T00:00:00.000Z', id: 'k5' },
    });
  });
});

describe('audit cursor', () => {
  it('decodes what it encodes and refuses anything else with a 400', () => {
    const cursor = { at: '2026-01-03T00:00:00.000Z', id: '7d0e…' };
    expect(decodeAuditCursor(encodeAuditCursor(cursor))).toEqual(cursor);
    expect(() => decodeAuditCursor('not-ours')).toThrow(/cursor must be/);
  });
});
