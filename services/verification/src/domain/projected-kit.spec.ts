import type { KitFeedRecord } from '@bleedkits/contracts';
import { digestLine, isNewDeployment, projectedKitOf, reportKitOf } from './projected-kit';

const record = (over: Partial<KitFeedRecord> = {}) =>
  ({
    id: 4,
    status: 'active',
    serialNumber: 'SN-4',
    locationName: 'Hall',
    addressLine1: '1 Road',
    city: 'York',
    postcode: 'YO1 1AA',
    custodianName: 'Ann',
    custodianEmail: 'ann@example.org',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastVerifiedAt: '2026-01-15T10:00:00.000Z',
    nextVerificationDue: '2026-07-15',
    deploymentStatus: 'available',
    deploymentNotes: null,
    deploymentChangedAt: null,
    ...over,
  }) as KitFeedRecord;

describe('the projected kit', () => {
  it('keeps active kits only', () => {
    expect(projectedKitOf(record(), 9)).toMatchObject({ id: 4, revision: 9, nextVerificationDue: '2026-07-15' });
    expect(projectedKitOf(record({ status: 'pending' }), 9)).toBeNull();
  });

  it('reports days overdue and the status from the rules of contracts', () => {
    const k = projectedKitOf(record(), 1)!;
    expect(reportKitOf(k, new Date('2026-07-20T12:00:00Z'))).toMatchObject({ isOverdue: true, daysOverdue: 5, verificationStatus: 'overdue' });
    expect(reportKitOf(k, new Date('2026-06-20T12:00:00Z'))).toMatchObject({ isOverdue: false, daysOverdue: 0, verificationStatus: 'due_soon' });
    expect(digestLine(k, 'due 15/07/2026')).toBe('BCK-4 Hall, 1 Road, York YO1 1AA (due 15/07/2026)');
  });

  describe(isNewDeployment.name, () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const deployed = (at: string) => projectedKitOf(record({ deploymentStatus: 'deployed', deploymentChangedAt: at }), 2)!;

    it('is new when the projection had not seen the kit deployed at that time', () => {
      expect(isNewDeployment(null, deployed('2026-03-10T09:00:00.000Z'), now)).toBe(true);
      expect(isNewDeployment({ deploymentChangedAt: '2026-01-01T00:00:00.000Z' }, deployed('2026-03-10T09:00:00.000Z'), now)).toBe(true);
    });

    it('is not new for a later write of a kit already deployed, nor for one deployed over 7 days ago', () => {
      expect(isNewDeployment({ deploymentChangedAt: '2026-03-10T09:00:00.000Z' }, deployed('2026-03-10T09:00:00.000Z'), now)).toBe(false);
      expect(isNewDeployment(null, deployed('2026-03-01T09:00:00.000Z'), now)).toBe(false);
      expect(isNewDeployment(null, projectedKitOf(record(), 2)!, now)).toBe(false);
    });
  });
});
