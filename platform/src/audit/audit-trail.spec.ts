import { AUDIT_PAGE_MAX_BYTES, type AuditEntry } from '@bleedkits/contracts';
import { withinBytes } from './audit-trail';

const entry = (i: number, text: string): AuditEntry =>
  ({
    id: `e${i}`,
    at: '2026-01-01T00:00:00.000Z',
    action: 'template_edited',
    before: { html: text },
    after: { html: text },
  }) as unknown as AuditEntry;

describe('an audit page cut by size', () => {
  it('keeps 200 template edits of 20 KB each under the page budget, which stays under NATS’s 1 MB', () => {
    const items = Array.from({ length: 200 }, (_, i) => entry(i, 'x'.repeat(10_000)));
    const kept = withinBytes(items, AUDIT_PAGE_MAX_BYTES);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(items.length);
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(AUDIT_PAGE_MAX_BYTES + kept.length);
    expect(AUDIT_PAGE_MAX_BYTES).toBeLessThan(1024 * 1024);
    expect(kept).toEqual(items.slice(0, kept.length));
  });

  it('keeps a small page whole, and never answers an empty page for one large entry', () => {
    const small = Array.from({ length: 50 }, (_, i) => entry(i, 'short'));
    expect(withinBytes(small, AUDIT_PAGE_MAX_BYTES)).toEqual(small);
    const huge = [entry(0, 'x'.repeat(AUDIT_PAGE_MAX_BYTES)), entry(1, 'y')];
    expect(withinBytes(huge, AUDIT_PAGE_MAX_BYTES)).toEqual([huge[0]]);
  });
});
