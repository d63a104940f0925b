import { AUDIT_REDACTED, auditChanges, auditNewerFirst } from './audit';

describe('auditChanges', () => {
  it('keeps only the fields that changed, before and after', () => {
    expect(auditChanges({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: null })).toEqual({ before: { b: 'x' }, after: { b: 'y' } });
    expect(auditChanges({ a: { x: 1 } }, { a: { x: 1 } })).toEqual({ before: null, after: null });
  });

  it('records a cabinet code, a password or a token only as changed, on both sides', () => {
    const changes = auditChanges({ cabinetCode: '1234', token: null }, { cabinetCode: '9876', token: 'abc' });
    expect(changes).toEqual({
      before: { cabinetCode: AUDIT_REDACTED, token: AUDIT_REDACTED },
      after: { cabinetCode: AUDIT_REDACTED, token: AUDIT_REDACTED },
    });
    expect(JSON.stringify(changes)).not.toMatch(/1234|9876|abc/);
  });

  it('keeps every set field of a deletion (after null), secrets redacted', () => {
    expect(auditChanges({ email: 'a@b.org', cabinetCode: '1', empty: null }, null)).toEqual({
      before: { email: 'a@b.org', cabinetCode: AUDIT_REDACTED },
      after: null,
    });
  });
});

describe('auditNewerFirst', () => {
  it('orders newest first and ties by id, descending', () => {
    const entries = [
      { at: '2026-01-01T00:00:00.000Z', id: 'a' },
      { at: '2026-01-02T00:00:00.000Z', id: 'a' },
      { at: '2026-01-01T00:00:00.000Z', id: 'b' },
    ];
    expect([...entries].sort(auditNewerFirst)).toEqual([entries[1], entries[2], entries[0]]);
  });
});
